// Real callbacks to real local HTTP receivers: bodies, headers, signature,
// timing lower bounds, failures with their reasons, resend, inspector.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendDelivery } from "@/lib/callbacks";
import { collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";
import { ownerOf, settledDelivery as settled } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { onPg } from "../helpers/test-db";

let ok: Receiver;
beforeAll(async () => {
  ok = await startReceiver();
});
afterAll(() => ok.close());

/** Waits for the receiver to get the delivery with this id. */
async function arrival(r: Receiver, deliveryOf: () => Promise<string>, timeoutMs = 20_000) {
  const id = await deliveryOf();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = r.received.filter((x) => x.headers["x-svc-delivery"] === id);
    if (got.length) return got;
    if (Date.now() > deadline) throw new Error(`delivery ${id} did not arrive`);
    await r.waitFor(r.received.length + 1, deadline - Date.now()).catch(() => {});
  }
}

/** The id of the resource's callback, as its owner finds it in the console's callbacks (searched by resource id). */
const deliveryFor = (a: TestApp, resourceId: string) => async () => {
  const found = await (await ownerOf(a)).deliveries({ q: resourceId });
  expect(found).toHaveLength(1);
  return found[0].id as string;
};

/** The app's inspector inbox, newest first, as its owner reads it. */
const inboxOf = async (a: TestApp) => (await ownerOf(a)).get("/inbox?take=100");

function verifySignature(header: string, body: string, secret: string) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m).not.toBeNull();
  const expected = createHmac("sha256", secret).update(`${m![1]}.${body}`).digest("hex");
  expect(m![2]).toBe(expected);
  expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(30);
}

describe.concurrent("callbacks", () => {
  it("paid: a signed success callback with the documented callback fields, at least 4 s after the call", async () => {
    const a = await newApp();
    const body = collectBody({ amount: 150, callbackUrl: `${ok.url}/paid` });
    const sentAt = Date.now();
    const r = await a.call("POST", "/collect/v1/push", body);
    const [got] = await arrival(ok, deliveryFor(a, r.body.checkoutId));
    expect(got!.at - sentAt).toBeGreaterThanOrEqual(4000);
    expect(got!.method).toBe("POST");
    expect(got!.path).toBe("/paid");
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["user-agent"]).toBe("Svc-Sandbox/1.0");
    expect(got!.headers["x-svc-delivery"]).toMatch(/^dlv_/);
    verifySignature(String(got!.headers["x-svc-signature"]), got!.body, a.app.signingSecret);
    const cb = JSON.parse(got!.body);
    expect(cb).toEqual({
      checkoutId: r.body.checkoutId, reference: body.reference, resultCode: 0, resultDescription: expect.any(String),
      amount: 150, receipt: expect.any(String), phoneNumber: body.phoneNumber,
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // the prompt's state changed with its outcome
    const status = await a.call("GET", `/collect/v1/push/${r.body.checkoutId}`);
    expect(status.body).toMatchObject({ status: "COMPLETED", resultCode: 0, receipt: cb.receipt });
    const d = await settled(a, got!.headers["x-svc-delivery"] as string);
    expect(d).toMatchObject({ state: "DELIVERED", attempts: 1, lastStatus: 200, lastError: null, url: `${ok.url}/paid` });
  });

  it.each([
    [1, 1001, 3000],
    [2, 1032, 2500],
  ])("amount %i: failure callback with exactly checkoutId, reference, resultCode %i, resultDescription after ≥ %i ms", async (amount, code, delay) => {
    const a = await newApp();
    const sentAt = Date.now();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount, callbackUrl: ok.url }));
    const [got] = await arrival(ok, deliveryFor(a, r.body.checkoutId));
    expect(got!.at - sentAt).toBeGreaterThanOrEqual(delay);
    const cb = JSON.parse(got!.body);
    expect(Object.keys(cb).sort()).toEqual(["checkoutId", "reference", "resultCode", "resultDescription"]);
    expect(cb.resultCode).toBe(code);
  });

  it.skipIf(onPg())("payout and SMS callbacks; the SMS one falls back to the app's default callback URL", async () => {
    const a: TestApp = await newApp({ callbackUrl: `${ok.url}/default` });
    const p = await a.call("POST", "/payouts/v1/send", {
      amount: 1, currency: "UGX", destination: { type: "bank", bankCode: "01", accountNumber: "99" }, reference: "PX-1", callbackUrl: ok.url,
    });
    const s = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi" });
    const [pcb] = await arrival(ok, deliveryFor(a, p.body.payoutId));
    expect(JSON.parse(pcb!.body)).toEqual({ payoutId: p.body.payoutId, reference: "PX-1", status: "FAILED", resultCode: 2001, resultDescription: expect.any(String), amount: 1 });
    const [scb] = await arrival(ok, deliveryFor(a, s.body.messageId));
    expect(scb!.path).toBe("/default");
    expect(JSON.parse(scb!.body)).toEqual({ messageId: s.body.messageId, to: "254712345678", status: "DELIVERED", deliveredAt: expect.any(String) });
  });

  it.skipIf(onPg())("no address at all: recorded as not sent, with the reason", async () => {
    const a = await newApp();
    const s = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi" });
    const d = await (await ownerOf(a)).delivery(await deliveryFor(a, s.body.messageId)());
    expect(d).toMatchObject({ state: "NOT_SENT", url: null, attempts: 0, lastError: expect.stringMatching(/no callbackUrl/) });
    await expect(resendDelivery(d.id, a.appId)).rejects.toThrow(/no http or https address/);
  });

  it("a receiver answering 500 is recorded as failed with HTTP 500; resend posts the same body under the same id", async () => {
    let fail = true;
    const flaky = await startReceiver(() => ({ status: fail ? 500 : 204 }));
    try {
      const a = await newApp();
      const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: flaky.url }));
      const [first] = await arrival(flaky, deliveryFor(a, r.body.checkoutId));
      const id = first!.headers["x-svc-delivery"] as string;
      const failed = await settled(a, id);
      expect(failed).toMatchObject({ state: "FAILED", attempts: 1, lastStatus: 500, lastError: "HTTP 500" });
      // no retry on its own: FAILED is final (a retry would be SCHEDULED), and after the resend below it has exactly two attempts
      expect(flaky.received).toHaveLength(1);

      fail = false;
      const outcome = await resendDelivery(id, a.appId);
      expect(outcome).toMatchObject({ status: 204, error: null });
      expect(flaky.received).toHaveLength(2);
      expect(flaky.received[1]!.headers["x-svc-delivery"]).toBe(id);
      expect(flaky.received[1]!.body).toBe(first!.body);
      const after = await settled(a, id);
      expect(after).toMatchObject({ state: "DELIVERED", attempts: 2, lastStatus: 204 });
      expect(after.attemptLog.map((x: { status: number; error: string | null }) => [x.status, x.error])).toEqual([[500, "HTTP 500"], [204, null]]);
      // another app cannot resend it
      const b = await newApp();
      await expect(resendDelivery(id, b.appId)).rejects.toThrow(/no delivery/);
    } finally {
      await flaky.close();
    }
  });

  it.skipIf(onPg())("a receiver that hangs past 10 s is recorded as failed: timeout after 10 s", async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 12_000 }));
    try {
      const a = await newApp();
      const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: slow.url }));
      const [got] = await arrival(slow, deliveryFor(a, r.body.checkoutId));
      const d = await settled(a, got!.headers["x-svc-delivery"] as string);
      expect(d).toMatchObject({ state: "FAILED", lastStatus: null, lastError: "timeout after 10 s" });
      expect(d.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(10_000);
    } finally {
      await slow.close();
    }
  });

  it.skipIf(onPg())("connection refused is recorded with its reason", async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const a = await newApp();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: url }));
    const d = { id: await deliveryFor(a, r.body.checkoutId)() };
    expect(await settled(a, d.id)).toMatchObject({ state: "FAILED", lastError: "connection refused" });
  });
});

describe("inspector", () => {
  it.skipIf(onPg())("answers 200 to any POST and keeps it; 405 other methods; 404 unknown apps", async () => {
    const a = await newApp();
    const post = await http("POST", a.inspectorUrl, { headers: { "content-type": "text/plain" }, body: "hello" });
    expect([post.status, post.body]).toEqual([200, { received: true }]);
    expect((await http("POST", a.inspectorUrl, { headers: { "content-type": "application/xml" }, body: "<a/>" })).status).toBe(200);
    expect((await http("GET", a.inspectorUrl)).status).toBe(405);
    expect((await http("POST", `${origin()}/inspect/app_nope`, { body: "x" })).status).toBe(404);
    const inbox = await inboxOf(a);
    expect(inbox.items.map((e: { contentType: string; body: string }) => [e.contentType, e.body])).toEqual([["application/xml", "<a/>"], ["text/plain", "hello"]]);
  });

  it.skipIf(onPg())("a callback addressed to the app's inspector lands in its inbox, and not in another app's", async () => {
    const a = await newApp();
    const b = await newApp();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: a.inspectorUrl }));
    const d = { id: await deliveryFor(a, r.body.checkoutId)() };
    expect(await settled(a, d.id)).toMatchObject({ state: "DELIVERED", lastStatus: 200 });
    const inbox = await inboxOf(a);
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]!.headers["x-svc-delivery"]).toBe(d.id);
    expect(JSON.parse(inbox.items[0]!.body)).toMatchObject({ checkoutId: r.body.checkoutId, resultCode: 1032 });
    expect((await inboxOf(b)).items).toHaveLength(0);
  });
});
