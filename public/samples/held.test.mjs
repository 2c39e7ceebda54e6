// Drive a payment by hand, in a test: hold a payment prompt, check that your
// code sees it PENDING and that no callback came, resolve it as the customer
// would, then assert the callback, the final state, the timeline, and that no
// second callback comes.
//
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... \
//   SANDBOX_CALLBACK_URL=https://<portal>/inspect/<appId>   (or your own receiver)
//   node --test held.test.mjs
//
// The same variables as sandbox.mjs and sandbox-ci.test.mjs (the portal's
// origin, the consumer key and secret).
//
// Node 20+, no dependencies: plain fetch and node:test. The app needs the
// Payments group.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, test } from "node:test";

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`set ${name}`);
  return v;
};
const BASE = `${env("SANDBOX_URL").replace(/\/+$/, "")}/sandbox`;
let token;

async function call(method, path, body, headers = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

before(async () => {
  const basic = Buffer.from(`${env("SANDBOX_KEY")}:${env("SANDBOX_SECRET")}`).toString("base64");
  const res = await fetch(`${BASE}/oauth/v1/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  assert.equal(res.status, 200, "token");
  token = (await res.json()).access_token;
});

test("a customer who cancels after a while", async () => {
  // 1. Your code sends the prompt; X-Svc-Scenario: held keeps it waiting on the "phone".
  const push = await call("POST", "/collect/v1/push", {
    shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678",
    reference: `HELD-${randomUUID().slice(0, 8)}`, callbackUrl: env("SANDBOX_CALLBACK_URL"),
  }, { "x-svc-scenario": "held" });
  assert.equal(push.status, 202);
  const id = push.body.checkoutId;

  // 2. While it is held your UI polls: PENDING, and no callback arrives (asserted, not slept).
  assert.equal((await call("GET", `/collect/v1/push/${id}`)).body.status, "PENDING");
  const quiet = await call("GET", `/dev/v1/callbacks/wait?resourceId=${id}&expect=none&timeout=2`);
  assert.equal(quiet.body.status, "NONE");

  // 3. The customer cancels (the console's Handset does the same): the callback is due at once with time scale 0.
  const resolved = await call("POST", `/dev/v1/resources/${id}/resolve`, { scenario: "cancelled" }, { "x-svc-time-scale": "0" });
  assert.equal(resolved.status, 200);

  // 4. The callback arrives with resultCode 1032 and the state is FAILED.
  const cb = await call("GET", `/dev/v1/callbacks/wait?resourceId=${id}&timeout=30`);
  assert.equal(cb.body.status, "ATTEMPTED");
  assert.equal(cb.body.delivery.body.resultCode, 1032);
  assert.equal((await call("GET", `/collect/v1/push/${id}`)).body.status, "FAILED");

  // 5. It cannot be decided twice, and no second callback comes.
  assert.equal((await call("POST", `/dev/v1/resources/${id}/resolve`, { scenario: "paid" })).status, 409);
  assert.equal((await call("GET", `/dev/v1/callbacks/wait?resourceId=${id}&expect=none&timeout=2`)).body.status, "NONE");

  // 6. The timeline has every step, in order.
  const { body: timeline } = await call("GET", `/dev/v1/resources/${id}/timeline`);
  const steps = timeline.events.map((e) => (e.type === "state" ? e.change : e.type));
  assert.equal(steps[0], "request");
  for (const step of ["held", "status_read", "resolved", "callback_scheduled", "settled", "callback_attempt"]) {
    assert.ok(steps.includes(step), `timeline has ${step}: ${steps.join(", ")}`);
  }
  assert.ok(steps.indexOf("held") < steps.indexOf("resolved") && steps.indexOf("resolved") < steps.indexOf("callback_attempt"));
});
