// A CI test of every sandbox scenario, callbacks included, in seconds, in a
// throwaway sandbox of its own: parallel jobs never see each other's data,
// and the app whose keys it is given is never reset or changed.
//
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... \
//   node --test sandbox-ci.test.mjs
//
// The same variables as sandbox.mjs (the portal's origin, the consumer key and secret).
//
// Node 20+, no dependencies: plain fetch and node:test. The keys are an app's
// subscribed to Payments, Treasury, Identity and Messaging. `before` makes a
// sandbox of that app (POST /dev/v1/sandboxes: its subscriptions and
// settings, its own keys, data and inspector; SANDBOX_TTL_SECONDS, default
// 900) and `after` ends it (DELETE /dev/v1/sandboxes/{appId}); whatever
// happens, it is deleted with all its data when its time is up.
// Every call carries `X-Svc-Time-Scale: 0` (no scripted delays, callbacks due
// at once); each callback is awaited with GET /dev/v1/callbacks/wait, then
// read as the sandbox's inspector received it (GET /dev/v1/inbox/stream) and
// its signature checked over that raw body: never over re-serialised JSON.
import assert from "node:assert/strict";
import { createHmac, randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`set ${name}`);
  return v;
};
const BASE = `${env("SANDBOX_URL").replace(/\/+$/, "")}/sandbox`;
const TTL_SECONDS = Number(process.env.SANDBOX_TTL_SECONDS || 900);
let parentToken;
let sandbox; // {appId, consumerKey, consumerSecret, signingSecret, inspectorUrl, expiresAt}
let token; // the sandbox's

async function tokenFor(key, secret) {
  const res = await fetch(`${BASE}/oauth/v1/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  assert.equal(res.status, 200, `token: ${await res.clone().text()}`);
  return (await res.json()).access_token;
}

async function call(method, path, body, bearer = token) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      "x-svc-time-scale": "0",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, scenario: res.headers.get("x-svc-scenario"), body: text ? JSON.parse(text) : null };
}

// ---- what the sandbox's inspector received, raw, by delivery id (Server-Sent Events) ----
const inbox = new Map();
const inboxWaiters = new Map();
const inboxStream = new AbortController();

async function openInbox() {
  const res = await fetch(`${BASE}/dev/v1/inbox/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, signal: inboxStream.signal,
  });
  assert.equal(res.status, 200, "inbox stream");
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      for (let end; (end = buffer.indexOf("\n\n")) >= 0; buffer = buffer.slice(end + 2)) {
        const block = buffer.slice(0, end);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === "ready") ready();
        if (event !== "inbox" || !data) continue;
        const entry = JSON.parse(data); // {deliveryId, headers, body: the raw body as received, ...}
        inbox.set(entry.deliveryId, entry);
        inboxWaiters.get(entry.deliveryId)?.(entry);
      }
    }
  })();
  await started;
}

function received(deliveryId) {
  if (inbox.has(deliveryId)) return Promise.resolve(inbox.get(deliveryId));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the inspector did not receive ${deliveryId} in 10 s`)), 10_000);
    inboxWaiters.set(deliveryId, (entry) => {
      clearTimeout(timer);
      resolve(entry);
    });
  });
}

/** Blocks until the resource's callback was posted; answers its body as the inspector received it, signature checked. */
async function callbackOf(resourceId) {
  const r = await call("GET", `/dev/v1/callbacks/wait?resourceId=${encodeURIComponent(resourceId)}&timeout=30`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.status, "ATTEMPTED", `callback of ${resourceId}: ${r.body.status}`);
  const { delivery, attempt } = r.body;
  assert.ok(attempt.status >= 200 && attempt.status < 300, `the receiver answered ${attempt.status} ${attempt.error ?? ""}`);
  const got = await received(delivery.id);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)/.exec(got.headers["x-svc-signature"] ?? "") ?? [];
  assert.ok(t, `callback ${delivery.id} has no x-svc-signature`);
  assert.equal(v1, createHmac("sha256", sandbox.signingSecret).update(`${t}.${got.body}`).digest("hex"), `signature of callback ${delivery.id}`);
  return JSON.parse(got.body);
}

const ref = () => `CI-${randomUUID().slice(0, 12)}`;
const push = (over) => ({ shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: ref(), callbackUrl: sandbox.inspectorUrl, ...over });
const payout = (over) => ({ amount: 100, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: ref(), callbackUrl: sandbox.inspectorUrl, ...over });
const sms = (over) => ({ to: "254712345678", senderId: "SHOP", message: "Your order shipped", callbackUrl: sandbox.inspectorUrl, ...over });

before(async () => {
  parentToken = await tokenFor(env("SANDBOX_KEY"), env("SANDBOX_SECRET"));
  const made = await call("POST", "/dev/v1/sandboxes", { ttlSeconds: TTL_SECONDS, name: "sandbox-ci.test.mjs" }, parentToken);
  assert.equal(made.status, 201, `sandbox: ${JSON.stringify(made.body)}`);
  sandbox = made.body;
  token = await tokenFor(sandbox.consumerKey, sandbox.consumerSecret);
  await openInbox();
});

after(async () => {
  inboxStream.abort();
  if (sandbox) assert.equal((await call("DELETE", `/dev/v1/sandboxes/${sandbox.appId}`, undefined, parentToken)).status, 204, "end the sandbox");
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
