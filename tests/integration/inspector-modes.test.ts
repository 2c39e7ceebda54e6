// The inspector answers as the app's answer mode says
// (status, delay past the 10 s callback wait, fail the first N deliveries of each
// callback), each answer recorded as the delivery's attempts; the console's inbox
// route searches, clears, links and checks signatures. Real callbacks from the
// server's dispatcher to the app's own inspector, the console over HTTP.
import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { ownerOf, settledDelivery as settled } from "../helpers/owner-view";
import { collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";

/** The app's inbox entries, oldest first, as its owner reads them in the console. */
const inboxOf = async (a: TestApp) => (await (await ownerOf(a)).get("/inbox?take=100")).items.reverse();

/** A Collect prompt (amount 2: its callback is due 2.5 s later) whose callback goes to the app's inspector. */
async function callbackToInspector(a: TestApp, over: Record<string, unknown> = {}) {
  const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: a.inspectorUrl, ...over }));
  expect(r.status).toBe(202);
  const [d, ...more] = await (await ownerOf(a)).deliveries({ q: r.body.checkoutId });
  expect(more).toEqual([]);
  return { checkoutId: r.body.checkoutId as string, requestId: r.headers.get("x-request-id")!, deliveryId: d.id as string };
}

const setMode = async (a: TestApp, inspectorMode: Record<string, number>) => {
  const r = await a.call("PATCH", "/dev/v1/settings", { inspectorMode });
  expect(r.status, r.text).toBe(200);
};

/** The console's JSON routes, signed in as the app's owner over HTTP. */
async function consoleAs(a: TestApp) {
  const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
  expect(session).toBeTruthy();
  return (method: string, rest: string) =>
    http(method, `${origin()}/api/console/apps/${a.appId}${rest}`, { headers: { cookie: session!, accept: "application/json" } });
}

describe.concurrent("inspector answer modes", () => {
  it("the default answers 200 {received: true}; a direct POST without a delivery id is not failed by failFirst", async () => {
    const a = await newApp();
    const plain = await http("POST", a.inspectorUrl, { body: "x" });
    expect([plain.status, plain.body]).toEqual([200, { received: true }]);
    await setMode(a, { failFirst: 2, status: 202 });
    const again = await http("POST", a.inspectorUrl, { body: "y" });
    expect([again.status, again.body]).toEqual([202, { received: true }]);
    const tagged = await http("POST", a.inspectorUrl, { headers: { "x-svc-delivery": "dlv_manual" }, body: "z" });
    expect(tagged.status).toBe(500);
    expect(tagged.body).toMatchObject({ error: "INSPECTOR_FAIL_FIRST", requestId: expect.stringMatching(/^req_/) });
    await setMode(a, { failFirst: 0, status: 204 });
    const empty = await http("POST", a.inspectorUrl, { body: "w" });
    expect([empty.status, empty.text]).toEqual([204, ""]);
    const rows = await inboxOf(a);
    expect(rows.map((r: { status: number; deliveryId: string | null }) => [r.status, r.deliveryId])).toEqual([[200, null], [202, null], [500, "dlv_manual"], [204, null]]);
  });

  it("status 500: the callback's attempt records HTTP 500 and the inbox entry the status answered", async () => {
    const a = await newApp();
    await setMode(a, { status: 503 });
    const c = await callbackToInspector(a);
    const d = await settled(a, c.deliveryId);
    expect(d).toMatchObject({ state: "FAILED", attempts: 1, lastStatus: 503, lastError: "HTTP 503" });
    expect(JSON.parse(d.attemptLog[0]!.responseBody!)).toMatchObject({ error: "INSPECTOR_ANSWER", message: expect.stringContaining("503") });
    const [entry, ...more] = await inboxOf(a);
    expect(more).toEqual([]);
    expect([entry.deliveryId, entry.status]).toEqual([c.deliveryId, 503]);
  });

  it("a delay past 10 s: the attempt records the timeout, though the entry was kept", async () => {
    const a = await newApp();
    await setMode(a, { delayMs: 10_800 });
    const c = await callbackToInspector(a);
    const d = await settled(a, c.deliveryId);
    expect(d).toMatchObject({ state: "FAILED", attempts: 1, lastStatus: null, lastError: "timeout after 10 s" });
    // cut at the 10 s deadline (lastError), not answered after the 10.8 s delay; how late the timer fired is the machine's
    expect(d.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(10_000);
    expect((await inboxOf(a)).filter((e: { deliveryId: string | null }) => e.deliveryId === c.deliveryId)).toHaveLength(1);
  });

  it("fail the first 2: 500, then 500 and 200 on Send it again, each an attempt of the delivery", async () => {
    const a = await newApp();
    await setMode(a, { failFirst: 2 });
    const c = await callbackToInspector(a);
    expect(await settled(a, c.deliveryId)).toMatchObject({ state: "FAILED", lastStatus: 500 });
    const con = await consoleAs(a);
    const second = await con("POST", `/deliveries/${c.deliveryId}/resend`);
    expect([second.status, second.body.status, second.body.error]).toEqual([200, 500, "HTTP 500"]);
    const third = await con("POST", `/deliveries/${c.deliveryId}/resend`);
    expect([third.status, third.body.status, third.body.error]).toEqual([200, 200, null]);
    const d = await settled(a, c.deliveryId);
    expect(d).toMatchObject({ state: "DELIVERED", attempts: 3, lastStatus: 200 });
    expect(d.attemptLog.map((x: { status: number | null; error: string | null }) => [x.status, x.error])).toEqual([[500, "HTTP 500"], [500, "HTTP 500"], [200, null]]);
    // The inbox shows the three arrivals of one callback, newest first, with what was answered.
    const inbox = await con("GET", `/inbox?delivery=${c.deliveryId}`);
    expect(inbox.body.items.map((e: { status: number }) => e.status)).toEqual([200, 500, 500]);
  });
});

describe("the inbox in the console", () => {
  let a: TestApp;
  let con: Awaited<ReturnType<typeof consoleAs>>;
  let first: Awaited<ReturnType<typeof callbackToInspector>>;
  let second: Awaited<ReturnType<typeof callbackToInspector>>;
  beforeAll(async () => {
    a = await newApp();
    con = await consoleAs(a);
    first = await callbackToInspector(a, { reference: "INV-FIRST" });
    second = await callbackToInspector(a, { reference: "INV-SECOND" });
    await Promise.all([settled(a, first.deliveryId), settled(a, second.deliveryId)]);
  });

  it("links each entry to its callback and the request that caused it, and back", async () => {
    const page = await con("GET", "/inbox");
    expect(page.status).toBe(200);
    const e = page.body.items.find((x: { deliveryId: string }) => x.deliveryId === first.deliveryId);
    expect(e.delivery).toMatchObject({ id: first.deliveryId, state: "DELIVERED", operationId: "collect.push", resourceId: first.checkoutId });
    expect(e.request).toMatchObject({ requestId: first.requestId, method: "POST", path: "/collect/v1/push", status: 202 });
    expect(e.status).toBe(200);
    const delivery = await con("GET", `/deliveries/${first.deliveryId}`);
    expect(delivery.body.links.inbox.map((x: { id: string }) => x.id)).toEqual([e.id]);
  });

  it("searches by delivery id, resource id or reference; a term that matches nothing finds nothing", async () => {
    const ids = async (q: string) => {
      const r = await con("GET", `/inbox?q=${encodeURIComponent(q)}`);
      expect(r.status, r.text).toBe(200);
      return r.body.items.map((x: { deliveryId: string }) => x.deliveryId);
    };
    expect(await ids(first.deliveryId)).toEqual([first.deliveryId]);
    expect(await ids(second.checkoutId)).toEqual([second.deliveryId]);
    expect(await ids("INV-FIRST")).toEqual([first.deliveryId]);
    expect(await ids("INV-NOTHING")).toEqual([]);
    expect(await ids("dlv_nothing")).toEqual([]);
    const tooLong = await con("GET", `/inbox?q=${"x".repeat(101)}`);
    expect([tooLong.status, tooLong.body.error]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("checks signatures against the app's secret: valid, invalid, none", async () => {
    const body = '{"hello":"inspector"}';
    const t = Math.floor(Date.now() / 1000);
    const hmac = (secret: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    const b = await newApp();
    const conB = await consoleAs(b);
    await http("POST", b.inspectorUrl, { body });
    await http("POST", b.inspectorUrl, { headers: { "x-svc-signature": `t=${t},v1=${hmac("whsec_wrong")}` }, body });
    await http("POST", b.inspectorUrl, { headers: { "x-svc-signature": `t=${t},v1=${hmac(b.app.signingSecret)}` }, body });
    const key = Buffer.from(b.app.signingSecret.replace(/^whsec_/, ""), "base64");
    const std = createHmac("sha256", key).update(`msg_1.${t}.${body}`).digest("base64");
    await http("POST", b.inspectorUrl, { headers: { "webhook-id": "msg_1", "webhook-timestamp": String(t), "webhook-signature": `v1,${std}` }, body });
    await http("POST", b.inspectorUrl, { headers: { "webhook-id": "msg_1", "webhook-timestamp": String(t), "webhook-signature": `v1,${std}` }, body: `${body} ` });
    const page = await conB("GET", "/inbox");
    expect(page.body.items.map((x: { signature: { result: string } }) => x.signature.result)).toEqual(["invalid", "valid", "valid", "invalid", "none"]);
    // The real callbacks carry both schemes, both valid.
    const real = await con("GET", `/inbox?delivery=${first.deliveryId}`);
    expect(real.body.items[0].signature).toEqual({ result: "valid", svc: "valid", standard: "valid" });
  });

  it("pages with `before` so every kept entry is reachable, and clears", async () => {
    // An app of its own: the other tests read a's inbox, which this one clears.
    const c = await newApp();
    const conC = await consoleAs(c);
    const real = await callbackToInspector(c, { reference: "INV-PAGED" }); // one entry a real callback made, linked to its delivery
    await settled(c, real.deliveryId);
    for (let i = 0; i < 5; i++) await http("POST", c.inspectorUrl, { body: `n${i}` });
    const seen: string[] = [];
    let before: number | null = null;
    do {
      const r = await conC("GET", `/inbox?take=2${before ? `&before=${before}` : ""}`);
      seen.push(...r.body.items.map((x: { id: string }) => x.id));
      before = r.body.nextBefore;
    } while (before);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const other = await newApp();
    await http("POST", other.inspectorUrl, { body: "keep me" });
    // A listener's relay result of an entry goes with the entry.
    const relayed = await c.call("POST", "/dev/v1/inbox/relays", { listener: "test", target: "http://localhost:8080/cb", inboxEntryId: seen[0], status: 200, durationMs: 3 });
    expect(relayed.status).toBe(201);
    expect((await inboxOf(c)).flatMap((e: { relays: unknown[] }) => e.relays)).toHaveLength(1);
    const cleared = await conC("DELETE", "/inbox");
    expect([cleared.status, cleared.body]).toEqual([200, { deleted: 6 }]);
    expect((await conC("GET", "/inbox")).body.items).toEqual([]);
    expect(await inboxOf(other)).toHaveLength(1);
    // Another user's app answers 404, for reading and for clearing.
    const foreign = await http("DELETE", `${origin()}/api/console/apps/${other.appId}/inbox`, { headers: { cookie: (await signInOverHttp(origin(), c.user.email, "correct horse battery")).session! } });
    expect(foreign.status).toBe(404);
    expect(await inboxOf(other)).toHaveLength(1);
  });
});
