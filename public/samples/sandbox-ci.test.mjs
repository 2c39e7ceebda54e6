// A CI test of every sandbox scenario, callbacks included, in seconds.
//
//   SANDBOX_BASE_URL=https://<portal>/sandbox \
//   SANDBOX_CONSUMER_KEY=... SANDBOX_CONSUMER_SECRET=... \
//   SANDBOX_CALLBACK_URL=https://<portal>/inspect/<appId> \
//   SANDBOX_SIGNING_SECRET=whsec_...   (optional: verifies every callback's signature)
//   node --test sandbox-ci.test.mjs
//
// Node 20+, no dependencies: plain fetch and node:test. The app needs the
// Payments, Treasury, Identity and Messaging groups. Every call carries
// `X-Svc-Time-Scale: 0` (no scripted delays, callbacks due at once) and each
// callback is awaited with GET /dev/v1/callbacks/wait instead of sleeping.
import assert from "node:assert/strict";
import { createHmac, randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`set ${name}`);
  return v;
};
const BASE = env("SANDBOX_BASE_URL").replace(/\/$/, "");
const CALLBACK_URL = env("SANDBOX_CALLBACK_URL");
const SIGNING_SECRET = process.env.SANDBOX_SIGNING_SECRET;
let token;

async function call(method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "x-svc-time-scale": "0",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, scenario: res.headers.get("x-svc-scenario"), body: await res.json() };
}

/** Blocks until the resource's callback was posted; answers what was sent and what the receiver said. */
async function callbackOf(resourceId) {
  const r = await call("GET", `/dev/v1/callbacks/wait?resourceId=${encodeURIComponent(resourceId)}&timeout=30`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.status, "ATTEMPTED", `callback of ${resourceId}: ${r.body.status}`);
  const { delivery, attempt } = r.body;
  assert.ok(attempt.status >= 200 && attempt.status < 300, `the receiver answered ${attempt.status} ${attempt.error ?? ""}`);
  if (SIGNING_SECRET) {
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)/.exec(attempt.headers["x-svc-signature"]);
    const raw = JSON.stringify(delivery.body);
    assert.equal(v1, createHmac("sha256", SIGNING_SECRET).update(`${t}.${raw}`).digest("hex"), "signature");
  }
  return delivery.body;
}

const ref = () => `CI-${randomUUID().slice(0, 12)}`;
const push = (over) => ({ shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: ref(), callbackUrl: CALLBACK_URL, ...over });
const payout = (over) => ({ amount: 100, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: ref(), callbackUrl: CALLBACK_URL, ...over });
const sms = (over) => ({ to: "254712345678", senderId: "SHOP", message: "Your order shipped", callbackUrl: CALLBACK_URL, ...over });

before(async () => {
  const basic = Buffer.from(`${env("SANDBOX_CONSUMER_KEY")}:${env("SANDBOX_CONSUMER_SECRET")}`).toString("base64");
  const res = await fetch(`${BASE}/oauth/v1/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  assert.equal(res.status, 200, "token");
  token = (await res.json()).access_token;
  // Start from a clean sandbox: the app's resources, callbacks, log and inbox go; keys and settings stay.
  assert.equal((await call("POST", "/dev/v1/reset", {})).status, 200, "reset");
});

// The four APIs run side by side, and so do the tests inside each.
describe("every scenario", { concurrency: true }, () => {
  describe("Collect", { concurrency: true }, () => {
    test("paid: COMPLETED, callback with a receipt", async () => {
      const r = await call("POST", "/collect/v1/push", push());
      assert.equal(r.status, 202);
      assert.equal(r.scenario, "paid");
      const cb = await callbackOf(r.body.checkoutId);
      assert.equal(cb.resultCode, 0);
      assert.ok(cb.receipt);
      const live = await call("GET", `/collect/v1/push/${r.body.checkoutId}`);
      assert.equal(live.body.status, "COMPLETED");
    });
    for (const [amount, scenario, resultCode] of [[1, "insufficient_funds", 1001], [2, "cancelled", 1032], [3, "no_answer", 1037]]) {
      test(`${scenario}: FAILED, callback with resultCode ${resultCode}`, async () => {
        const r = await call("POST", "/collect/v1/push", push({ amount }));
        assert.equal(r.scenario, scenario);
        assert.equal((await callbackOf(r.body.checkoutId)).resultCode, resultCode);
        assert.equal((await call("GET", `/collect/v1/push/${r.body.checkoutId}`)).body.status, "FAILED");
      });
    }
    test("invalid_phone: 400 INVALID_PHONE_NUMBER", async () => {
      const r = await call("POST", "/collect/v1/push", push({ phoneNumber: "254000000000" }));
      assert.deepEqual([r.status, r.body.error], [400, "INVALID_PHONE_NUMBER"]);
    });
    test("status completed (an id the sandbox does not know)", async () => {
      const r = await call("GET", "/collect/v1/push/chk_anything");
      assert.deepEqual([r.status, r.scenario, r.body.status], [200, "completed", "COMPLETED"]);
    });
    test("status not_found", async () => {
      const r = await call("GET", "/collect/v1/push/chk_missing");
      assert.deepEqual([r.status, r.body.error], [404, "NOT_FOUND"]);
    });
  });

  describe("Payouts", { concurrency: true }, () => {
    test("sent: DELIVERED callback", async () => {
      const r = await call("POST", "/payouts/v1/send", payout());
      assert.deepEqual([r.status, r.scenario], [202, "sent"]);
      assert.equal((await callbackOf(r.body.payoutId)).status, "DELIVERED");
    });
    test("float_low: FAILED callback with resultCode 2001", async () => {
      const r = await call("POST", "/payouts/v1/send", payout({ amount: 1 }));
      assert.equal(r.scenario, "float_low");
      const cb = await callbackOf(r.body.payoutId);
      assert.deepEqual([cb.status, cb.resultCode], ["FAILED", 2001]);
    });
    test("duplicate: 409 DUPLICATE_REFERENCE", async () => {
      const r = await call("POST", "/payouts/v1/send", payout({ reference: "DUPLICATE" }));
      assert.deepEqual([r.status, r.body.error], [409, "DUPLICATE_REFERENCE"]);
    });
    test("status delivered", async () => {
      const r = await call("GET", "/payouts/v1/pay_anything");
      assert.deepEqual([r.status, r.scenario], [200, "delivered"]);
    });
  });

  describe("Identity", { concurrency: true }, () => {
    for (const [idNumber, scenario, status] of [["12345678", "match", "MATCH"], ["00000001", "name_mismatch", "NAME_MISMATCH"], ["00000002", "not_found", "NOT_FOUND"]]) {
      test(`${scenario}: ${status}`, async () => {
        const r = await call("POST", "/identity/v1/verifications", { idNumber, firstName: "Jane", lastName: "Doe" });
        assert.deepEqual([r.status, r.scenario, r.body.status], [200, scenario, status]);
      });
    }
    test("invalid_id: 422 INVALID_ID_NUMBER", async () => {
      const r = await call("POST", "/identity/v1/verifications", { idNumber: "ABC" });
      assert.deepEqual([r.status, r.body.error], [422, "INVALID_ID_NUMBER"]);
    });
    test("status found", async () => {
      const r = await call("GET", "/identity/v1/verifications/ver_anything");
      assert.deepEqual([r.status, r.scenario], [200, "found"]);
    });
  });

  describe("SMS", { concurrency: true }, () => {
    test("delivered: DELIVERED callback", async () => {
      const r = await call("POST", "/messaging/v1/sms", sms());
      assert.deepEqual([r.status, r.scenario], [202, "delivered"]);
      assert.equal((await callbackOf(r.body.messageId)).status, "DELIVERED");
    });
    test("handset_off: FAILED callback with the reason", async () => {
      const r = await call("POST", "/messaging/v1/sms", sms({ to: "254000000013" }));
      assert.equal(r.scenario, "handset_off");
      const cb = await callbackOf(r.body.messageId);
      assert.equal(cb.status, "FAILED");
      assert.ok(cb.reason);
    });
    test("bad_sender: 403 SENDER_ID_NOT_REGISTERED", async () => {
      const r = await call("POST", "/messaging/v1/sms", sms({ senderId: "UNKNOWN" }));
      assert.deepEqual([r.status, r.body.error], [403, "SENDER_ID_NOT_REGISTERED"]);
    });
    test("status delivered", async () => {
      const r = await call("GET", "/messaging/v1/sms/msg_anything");
      assert.deepEqual([r.status, r.scenario], [200, "delivered"]);
    });
  });
});
