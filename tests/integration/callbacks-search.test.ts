// The console's callbacks list searched (delivery id, resource id, reference,
// part of the URL) with its totals per state (GET /api/console/apps/{id}/deliveries,
// lib/activity/deliveries.ts), over real HTTP with a signed-in session, the
// callbacks posted to real local receivers.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";

const instant = { "x-svc-time-scale": "0" };
let ok: Receiver;
let bad: Receiver;
beforeAll(async () => {
  ok = await startReceiver();
  bad = await startReceiver(() => ({ status: 500 }));
});
afterAll(() => Promise.all([ok.close(), bad.close()]));

/** The resource's callback once attempted or known never to go (the developer API's wait). */
async function settled(a: TestApp, resourceId: string, status = "ATTEMPTED") {
  const w = await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${resourceId}&timeout=30`);
  expect(w.body.status, w.text).toBe(status);
  return w.body.delivery.id as string;
}

describe("the callbacks list's search and totals", () => {
  let a: TestApp;
  let list: (query: string) => Promise<{ status: number; body: any }>;
  const ref = `INV-CB-${randomInt(1e9)}`;
  const ids = {} as Record<"paid" | "failed" | "sms" | "paidResource" | "failedResource", string>;

  beforeAll(async () => {
    a = await newApp({ groups: ["Payments", "Messaging"] });
    const paid = await a.call("POST", "/collect/v1/push", collectBody({ reference: ref, callbackUrl: `${ok.url}/shop/paid` }), instant);
    const failed = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${bad.url}/other/hook` }), instant);
    const sms = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi" }, instant);
    ids.paidResource = paid.body.checkoutId;
    ids.failedResource = failed.body.checkoutId;
    ids.paid = await settled(a, paid.body.checkoutId);
    ids.failed = await settled(a, failed.body.checkoutId);
    ids.sms = await settled(a, sms.body.messageId, "NOT_SENT");
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    list = (query) => http("GET", `${origin()}/api/console/apps/${a.appId}/deliveries${query}`, { headers: { cookie: session!, accept: "application/json" } });
  });

  it("without a search: every callback, the number and the totals per state", async () => {
    const r = await list("");
    expect(r.status).toBe(200);
    expect(r.body.items.map((d: any) => d.id)).toEqual([ids.sms, ids.failed, ids.paid]);
    expect(r.body.total).toBe(3);
    expect(r.body.totals).toEqual({ delivered: 1, failed: 1, not_sent: 1, scheduled: 0 });
    // A state filter: its rows and its number; the totals stay those of every state.
    const failedOnly = await list("?state=failed");
    expect([failedOnly.body.items.map((d: any) => d.id), failedOnly.body.total, failedOnly.body.totals]).toEqual([[ids.failed], 1, r.body.totals]);
  });

  it("finds by delivery id, resource id, reference and part of the URL, with the totals of what matches", async () => {
    for (const [q, found] of [
      [ids.paid, [ids.paid]],
      [ids.failedResource, [ids.failed]],
      [ref, [ids.paid]],
      ["/other/hook", [ids.failed]],
      [`${ok.url}/shop`, [ids.paid]],
      ["127.0.0.1", [ids.failed, ids.paid]],
    ] as const) {
      const r = await list(`?q=${encodeURIComponent(q)}`);
      expect(r.status, r.body?.message).toBe(200);
      expect(r.body.items.map((d: any) => d.id), q).toEqual(found);
      expect(r.body.total, q).toBe(found.length);
    }
    expect((await list(`?q=${encodeURIComponent(ref)}`)).body.totals).toEqual({ delivered: 1, failed: 0, not_sent: 0, scheduled: 0 });
    const none = await list(`?q=${encodeURIComponent(ref)}&state=failed`);
    expect([none.body.items, none.body.total]).toEqual([[], 0]);
  });

  it("does not find another app's callbacks, even with the same reference", async () => {
    const b = await newApp({ groups: ["Payments"] });
    const theirs = await b.call("POST", "/collect/v1/push", collectBody({ reference: ref, callbackUrl: `${ok.url}/shop/paid` }), instant);
    const theirDelivery = await settled(b, theirs.body.checkoutId);
    expect((await list(`?q=${encodeURIComponent(ref)}`)).body.items.map((d: any) => d.id)).toEqual([ids.paid]);
    expect((await list(`?q=${theirDelivery}`)).body).toMatchObject({ items: [], total: 0 });
    expect((await list(`?q=${theirs.body.checkoutId}`)).body).toMatchObject({ items: [], total: 0 });
  });

  it("a search too short or too long answers 400 VALIDATION_ERROR", async () => {
    for (const [q, message] of [["x", "search text must be at least 2 characters"], ["y".repeat(101), "search text must be at most 100 characters"]]) {
      const r = await list(`?q=${q}`);
      expect([r.status, r.body.error, r.body.message]).toEqual([400, "VALIDATION_ERROR", message]);
    }
  });
});
