// Held transactions over real HTTP with real receivers: the `held` scenario,
// resolving it (once: concurrent resolves, across instances on PostgreSQL, one callback), the
// expiry sweep, one timeline per resource, and waiting with expect=none
// (README "Drive a payment by hand", /docs/held).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { base, collectBody, newApp, origin, type TestApp } from "../helpers/apps";
import { ownDb, startServer } from "../helpers/own-server";
import { setUpApp } from "../helpers/operator";
import { ownerOf, settledDelivery } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { advanceClock, type RunningServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

const HELD = { "x-svc-scenario": "held" };
const at = (id: string) => rx.received.filter((x) => x.headers["x-svc-delivery"] === id);
const toRx = (a: TestApp, path: string) => collectBody({ callbackUrl: `${rx.url}/${a.appId}/${path}` });
const sentTo = (a: TestApp, path: string) => rx.received.filter((x) => x.path === `/${a.appId}/${path}`);
const instant = (a: TestApp) => a.call("PATCH", "/dev/v1/settings", { timeScale: 0 });
const resolve = (a: TestApp, id: string, scenario: unknown, headers: Record<string, string> = {}) =>
  a.call("POST", `/dev/v1/resources/${id}/resolve`, { scenario }, headers);
const wait = (a: TestApp, q: string) => a.call("GET", `/dev/v1/callbacks/wait?${q}`);

async function heldPush(a: TestApp, path = "cb", headers: Record<string, string> = {}) {
  const r = await a.call("POST", "/collect/v1/push", toRx(a, path), { ...HELD, ...headers });
  expect([r.status, r.headers.get("x-svc-scenario"), r.body.status]).toEqual([202, "held", "PENDING"]);
  expect(r.body.customerMessage).toMatch(/Enter your PIN/);
  return r.body.checkoutId as string;
}

describe.concurrent("a held push", () => {
  it.skipIf(onPg())("stays PENDING and sends nothing: expect=none waits the whole window and answers NONE", async () => {
    const a = await newApp();
    await instant(a); // any callback would be due at once
    const id = await heldPush(a, "quiet");
    const started = Date.now();
    const w = await wait(a, `resourceId=${id}&expect=none&timeout=2`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect([w.status, w.body.status, w.body.delivery, w.body.attempt]).toEqual([200, "NONE", null, null]);
    expect((await a.call("GET", `/collect/v1/push/${id}`)).body).toMatchObject({ checkoutId: id, status: "PENDING", amount: 100 });
    expect(sentTo(a, "quiet")).toHaveLength(0);
    // still pending: the same reference is refused like any pending prompt's
    const created = (await a.call("GET", `/dev/v1/resources/${id}/timeline`)).body.events[0];
    const { reference } = (await (await ownerOf(a)).request(created.requestId)).requestBody;
    const dup = await a.call("POST", "/collect/v1/push", collectBody({ reference }));
    expect([dup.status, dup.body.error]).toEqual([409, "DUPLICATE_REFERENCE"]);
    // without expect=none the wait does not refuse a held resource: it waits for the resolve, here in vain
    const t = await wait(a, `resourceId=${id}&timeout=1`);
    expect([t.status, t.body.status, t.body.delivery]).toEqual([200, "TIMEOUT", null]);
  });

  it.skipIf(onPg())("resolved cancelled: the 1032 callback arrives, the status answers FAILED, a second resolve is 409 and no second callback comes", async () => {
    const a = await newApp();
    await instant(a);
    const id = await heldPush(a, "cancel");
    const r = await resolve(a, id, "cancelled");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resourceId: id, operationId: "collect.push", scenarioKey: "cancelled", resolvedVia: "http", requestId: r.headers.get("x-request-id") });
    expect(r.body.deliveryId).toMatch(/^dlv_/);
    const w = await wait(a, `resourceId=${id}&timeout=10`);
    expect([w.body.status, w.body.delivery.id, w.body.attempt.status]).toEqual(["ATTEMPTED", r.body.deliveryId, 200]);
    const sent = at(r.body.deliveryId);
    expect(sent).toHaveLength(1); // it had arrived at the receiver when the wait answered
    expect(JSON.parse(sent[0]!.body)).toEqual({
      checkoutId: id, reference: expect.any(String), resultCode: 1032, resultDescription: "The customer cancelled the payment prompt.",
    });
    expect((await a.call("GET", `/collect/v1/push/${id}`)).body).toEqual({ checkoutId: id, status: "FAILED", resultCode: 1032, amount: 100 });
    const again = await resolve(a, id, "paid");
    expect([again.status, again.body.error]).toEqual([409, "CONFLICT"]);
    expect(again.body.message).toMatch(/resolved as cancelled/);
    const none = await wait(a, `resourceId=${id}&expect=none&timeout=1.5`);
    expect([none.body.status, none.body.delivery.id, none.body.attempt]).toEqual(["NONE", r.body.deliveryId, null]);
    expect(at(r.body.deliveryId)).toHaveLength(1);
    // the resource says who resolved it and when; so does the request log
    const t = (await a.call("GET", `/dev/v1/resources/${id}/timeline`)).body;
    expect([t.scenarioKey, t.resolvedVia]).toEqual(["cancelled", "http"]);
    expect(t.events.filter((e: { change?: string }) => e.change === "resolved")).toEqual([
      expect.objectContaining({ at: r.body.resolvedAt, scenarioKey: "cancelled", via: "http", requestId: r.body.requestId }),
    ]);
    const log = await (await ownerOf(a)).request(r.body.requestId);
    expect([log.via, log.operationId, log.path, log.status]).toEqual(["http", "dev.resources.resolve", `/dev/v1/resources/${id}/resolve`, 200]);
  });

  it.skipIf(onPg())("resolved from the console's Handset: logged as the developer endpoint's call, via console, and the timeline says so", async () => {
    const a = await newApp();
    await instant(a);
    const id = await heldPush(a, "handset");
    const owner = await ownerOf(a);
    const r = await owner.post(`/resources/${id}/resolve`, { scenario: "cancelled" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resourceId: id, scenarioKey: "cancelled", resolvedVia: "console", requestId: expect.stringMatching(/^req_/) });
    const log = await owner.request(r.body.requestId);
    expect([log.via, log.method, log.operationId, log.path, log.status, log.scenarioKey]).toEqual(["console", "POST", "dev.resources.resolve", `/dev/v1/resources/${id}/resolve`, 200, null]);
    expect([log.requestBody, log.responseBody.resourceId, log.createdAt]).toEqual([{ scenario: "cancelled" }, id, r.body.resolvedAt]);
    const t = (await a.call("GET", `/dev/v1/resources/${id}/timeline`)).body;
    expect(t.events.filter((e: { change?: string }) => e.change === "resolved")).toEqual([
      expect.objectContaining({ scenarioKey: "cancelled", via: "console", requestId: r.body.requestId }),
    ]);
  });

  it.skipIf(onPg())("expect=none answers ATTEMPTED with the attempt it saw when a callback comes in the window", async () => {
    const a = await newApp();
    const id = await heldPush(a, "seen");
    const waiting = wait(a, `resourceId=${id}&expect=none&timeout=15`);
    // the resolve comes once the wait is held (its window has started: GET /dev/v1/connections counts it)
    await vi.waitFor(async () => expect((await a.call("GET", "/dev/v1/connections")).body.waits).toBe(1), { timeout: 30_000, interval: 50 });
    const r = await resolve(a, id, "paid", { "x-svc-time-scale": "0" });
    const w = await waiting;
    // ATTEMPTED: it answered on the attempt, not at its 15 s timeout (TIMEOUT)
    expect([w.body.status, w.body.delivery.id, w.body.attempt.status]).toEqual(["ATTEMPTED", r.body.deliveryId, 200]);
    expect(JSON.parse(at(r.body.deliveryId)[0]!.body)).toMatchObject({ checkoutId: id, resultCode: 0, amount: 100, receipt: expect.stringMatching(/^S/) });
  });

  it("of ten resolves at once, exactly one wins; the others answer 409 and one callback goes out", async () => {
    const a = await newApp();
    await instant(a);
    const id = await heldPush(a, "race");
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => resolve(a, id, i % 2 ? "paid" : "cancelled")));
    const won = all.filter((x) => x.status === 200);
    expect(won).toHaveLength(1);
    expect(all.filter((x) => x.status === 409)).toHaveLength(9);
    for (const x of all.filter((y) => y.status === 409)) expect(x.body).toMatchObject({ error: "CONFLICT", requestId: x.headers.get("x-request-id") });
    expect(await (await ownerOf(a)).deliveries({ q: id })).toHaveLength(1);
    const w = await wait(a, `resourceId=${id}&timeout=10`);
    expect(w.body.status).toBe("ATTEMPTED");
    // the one callback, settled after its one attempt: nothing more will be posted
    const d = await settledDelivery(a, w.body.delivery.id);
    expect([d.state, d.attempts, d.attemptLog.length]).toEqual(["DELIVERED", 1, 1]);
    expect(sentTo(a, "race")).toHaveLength(1);
    expect(JSON.parse(sentTo(a, "race")[0]!.body).resultCode).toBe(won[0]!.body.scenarioKey === "paid" ? 0 : 1032);
  });

  it.skipIf(onPg())("refuses what cannot be resolved: 400 for a scenario without callback or of another operation, 409 when never held, 404 for another app's or an unknown id", async () => {
    const a = await newApp();
    const other = await newApp();
    const id = await heldPush(a, "refused");
    for (const scenario of ["held", "invalid_phone", "duplicate_reference", "float_low", "nope"]) {
      const r = await resolve(a, id, scenario);
      expect([r.status, r.body.error, r.body.details?.[0]?.field], scenario).toEqual([400, "VALIDATION_ERROR", "scenario"]);
      expect(r.body.message).toContain("paid, insufficient_funds, cancelled, no_answer");
    }
    const missing = await a.call("POST", `/dev/v1/resources/${id}/resolve`, {});
    expect([missing.status, missing.body.details[0].field]).toEqual([400, "scenario"]);
    const badScale = await resolve(a, id, "paid", { "x-svc-time-scale": "2" });
    expect([badScale.status, badScale.body.details[0].field]).toEqual([400, "X-Svc-Time-Scale"]);
    const normal = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2 }));
    const never = await resolve(a, normal.body.checkoutId, "paid");
    expect([never.status, never.body.error]).toEqual([409, "CONFLICT"]);
    expect(never.body.message).toMatch(/is not held/);
    for (const r of [
      await resolve(other, id, "paid"),
      await other.call("GET", `/dev/v1/resources/${id}/timeline`),
      await resolve(a, "chk_doesnotexist0000000000", "paid"),
      await a.call("GET", "/dev/v1/resources/chk_doesnotexist0000000000/timeline"),
    ]) expect([r.status, r.body.error]).toEqual([404, "NOT_FOUND"]);
    // nothing of that changed it: still held, still listed
    const list = await a.call("GET", "/dev/v1/resources/held");
    expect(list.body.resources.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await other.call("GET", "/dev/v1/resources/held")).body.resources).toEqual([]);
  });

  it.skipIf(onPg())("resolves with the delays counted from the resolve, at the resolve's time scale, else the holding call's, else the app's", async () => {
    const a = await newApp();
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 0.1 });
    const appScale = await heldPush(a, "scale-app");
    const callScale = await heldPush(a, "scale-call", { "x-svc-time-scale": "0.5" });
    const headerScale = await heldPush(a, "scale-header", { "x-svc-time-scale": "0.5" });
    // time passes between holding and resolving, so delays counted from the holding call would differ
    await new Promise((r) => setTimeout(r, 300));
    const delay = (r: { body: { resolvedAt: string; settlesAt: string; callback: { dueAt: string } } }) => {
      expect(r.body.callback.dueAt).toBe(r.body.settlesAt);
      return Date.parse(r.body.settlesAt) - Date.parse(r.body.resolvedAt);
    };
    expect(delay(await resolve(a, appScale, "cancelled"))).toBe(250); // 2500 ms × the app's 0.1
    expect(delay(await resolve(a, callScale, "cancelled"))).toBe(1250); // × the holding call's 0.5
    expect(delay(await resolve(a, headerScale, "no_answer", { "x-svc-time-scale": "0" }))).toBe(0); // × this call's 0
  });

  it.skipIf(onPg())("payouts and messages: QUEUED until resolved, then their scenario's callback", async () => {
    const a = await newApp();
    await instant(a);
    const p = await a.call("POST", "/payouts/v1/send", {
      amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `P-${a.appId}`, callbackUrl: `${rx.url}/${a.appId}/payout`,
    }, HELD);
    const m = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi", callbackUrl: `${rx.url}/${a.appId}/sms` }, HELD);
    expect([p.status, p.body.status, m.status, m.body.status]).toEqual([202, "QUEUED", 202, "QUEUED"]);
    expect((await a.call("GET", `/payouts/v1/${p.body.payoutId}`)).body.status).toBe("QUEUED");
    expect((await a.call("GET", `/messaging/v1/sms/${m.body.messageId}`)).body.status).toBe("QUEUED");
    const held = (await a.call("GET", "/dev/v1/resources/held")).body.resources;
    expect(held.map((x: { id: string }) => x.id)).toEqual([m.body.messageId, p.body.payoutId]); // newest first
    expect(held[1]).toMatchObject({ operationId: "payouts.send", outcomes: [{ key: "sent" }, { key: "float_low" }], expires: null, accepted: { status: "QUEUED" } });
    const wrong = await resolve(a, p.body.payoutId, "cancelled"); // a Collect scenario
    expect([wrong.status, wrong.body.error]).toEqual([400, "VALIDATION_ERROR"]);
    await resolve(a, p.body.payoutId, "float_low");
    await resolve(a, m.body.messageId, "handset_off");
    const [wp, wm] = await Promise.all([wait(a, `resourceId=${p.body.payoutId}&timeout=10`), wait(a, `resourceId=${m.body.messageId}&timeout=10`)]);
    expect(wp.body.delivery.body).toMatchObject({ payoutId: p.body.payoutId, status: "FAILED", resultCode: 2001, amount: 500 });
    expect(wm.body.delivery.body).toEqual({ messageId: m.body.messageId, to: "254712345678", status: "FAILED", reason: "The handset is switched off." });
    expect((await a.call("GET", `/payouts/v1/${p.body.payoutId}`)).body.status).toBe("FAILED");
    expect((await a.call("GET", `/messaging/v1/sms/${m.body.messageId}`)).body.status).toBe("FAILED");
    expect((await a.call("GET", "/dev/v1/resources/held")).body.resources).toEqual([]);
  });

  it.skipIf(onPg())("is an MCP tool: resolve and timeline through MCP, recorded as resolved via mcp", async () => {
    const a = await newApp();
    await instant(a);
    const id = await heldPush(a, "mcp");
    const client = new Client({ name: "held-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["sandbox_dev_resolve", "sandbox_dev_timeline", "sandbox_dev_list_held"]));
      const r = await client.callTool({ name: "sandbox_dev_resolve", arguments: { id, scenario: "paid" } });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { body: { resolvedVia: string } }).body.resolvedVia).toBe("mcp");
      await wait(a, `resourceId=${id}&timeout=10`);
      const t = await client.callTool({ name: "sandbox_dev_timeline", arguments: { id } });
      const events = (t.structuredContent as { body: { events: { type: string; change?: string; via?: string }[] } }).body.events;
      expect(events.find((e) => e.change === "resolved")?.via).toBe("mcp");
      expect(events.filter((e) => e.type === "request").map((e) => e.via)).toEqual(["http", "mcp"]);
    } finally {
      await client.close();
    }
  });
});

/** The integrators' command line (cli/sandbox.mjs) as they run it, without blocking this process's receivers. */
function sandboxCli(a: TestApp, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? "", NODE_ENV: "test" as const, SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret };
  return new Promise((done) => {
    const p = spawn(process.execPath, [path.resolve(import.meta.dirname, "..", "..", "cli", "sandbox.mjs"), ...args], { env });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c) => (stdout += c));
    p.stderr.on("data", (c) => (stderr += c));
    p.on("close", (code) => done({ code, stdout, stderr }));
  });
}

describe.concurrent("the integrators' command line", () => {
  it.skipIf(onPg())("resolve ID --scenario K, then timeline ID; a second resolve exits 1 with the portal's 409", async () => {
    const a = await newApp();
    const id = await heldPush(a, "cli");
    const r = await sandboxCli(a, "resolve", id, "--scenario", "cancelled", "--time-scale", "0", "--json");
    expect(r.code, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer).toMatchObject({ resourceId: id, scenarioKey: "cancelled", state: "FAILED", resolvedVia: "http" });
    await wait(a, `resourceId=${id}&timeout=10`);
    const t = await sandboxCli(a, "timeline", id);
    expect(t.code, t.stderr).toBe(0);
    const lines = t.stdout.trim().split("\n");
    expect(lines[0]).toBe(`${id} · collect.push · scenario cancelled · now FAILED`);
    expect(lines[1]).toMatch(/ request {13}POST \/collect\/v1\/push → 202 \(held\) via http/);
    expect(t.stdout).toMatch(/state {15}resolved → .* as cancelled via http/);
    expect(t.stdout).toMatch(new RegExp(`callback_attempt {4}#1 to ${rx.url}/${a.appId}/cli → 200`));
    const again = await sandboxCli(a, "resolve", id, "--scenario", "paid");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/409 CONFLICT: resource .* is not held any more/);
    const usage = await sandboxCli(a, "resolve", id);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringMatching(/needs --scenario/)]);
  });
});

describe.concurrent("one timeline per resource", () => {
  it.skipIf(onPg())("answers every event in time order: the request first, held, status reads, the resolve, the callback, its attempt, the inbox, the relay", async () => {
    const a = await newApp();
    await instant(a);
    const push = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), HELD);
    const id: string = push.body.checkoutId;
    await a.call("GET", `/collect/v1/push/${id}`);
    const r = await resolve(a, id, "cancelled");
    const w = await wait(a, `resourceId=${id}&timeout=10`);
    expect(w.body.status).toBe("ATTEMPTED");
    const [entry] = (await (await ownerOf(a)).get(`/inbox?delivery=${r.body.deliveryId}`)).items;
    await a.call("POST", "/dev/v1/inbox/relays", { listener: "laptop pid 1", target: "http://localhost:8080/cb", inboxEntryId: entry.id, deliveryId: r.body.deliveryId, status: 204, durationMs: 3 });
    await a.call("GET", `/collect/v1/push/${id}`);
    const t = await a.call("GET", `/dev/v1/resources/${id}/timeline`);
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ resourceId: id, operationId: "collect.push", scenarioKey: "cancelled", state: "FAILED", held: false, resolvedVia: "http", truncated: false });
    const ev = t.body.events as { at: string; type: string; [k: string]: unknown }[];
    const times = ev.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(ev.map((e) => (e.type === "state" ? `state:${e.change}` : e.type))).toEqual([
      "request", "state:held", "status_read", "request", "state:resolved", "callback_scheduled", "state:settled", "callback_attempt", "inbox", "relay", "status_read",
    ]);
    expect(ev[0]).toMatchObject({ type: "request", requestId: push.headers.get("x-request-id"), method: "POST", path: "/collect/v1/push", status: 202, scenarioKey: "held", via: "http" });
    expect(ev[1]).toMatchObject({ state: "PENDING", scenarioKey: "held" });
    expect(ev[2]).toMatchObject({ state: "PENDING", status: 200, scenarioKey: "tracked" });
    expect(ev[3]).toMatchObject({ requestId: r.body.requestId, operationId: "dev.resources.resolve", status: 200 });
    expect(ev[4]).toMatchObject({ scenarioKey: "cancelled", via: "http", requestId: r.body.requestId });
    expect(ev[5]).toMatchObject({ deliveryId: r.body.deliveryId, url: a.inspectorUrl, scenarioKey: "cancelled", state: "DELIVERED" });
    expect(ev[6]).toMatchObject({ state: "FAILED", resultCode: 1032 });
    expect(ev[7]).toMatchObject({ deliveryId: r.body.deliveryId, attempt: 1, url: a.inspectorUrl, status: 200, error: null, note: null });
    expect(ev[8]).toMatchObject({ inboxEntryId: entry.id, status: 200 });
    expect(ev[9]).toMatchObject({ listener: "laptop pid 1", target: "http://localhost:8080/cb", status: 204 });
    expect(ev[10]).toMatchObject({ state: "FAILED" });
    // reading the timeline is not an event of it
    const again = await a.call("GET", `/dev/v1/resources/${id}/timeline`);
    expect(again.body.events).toHaveLength(ev.length);
  });

  it.skipIf(onPg())("tells a failed attempt and its fault notes; a resource that was never held has no held or resolved event", async () => {
    const bad = await startReceiver(() => ({ status: 500 }));
    try {
      const a = await newApp();
      await a.call("PATCH", "/dev/v1/settings", { timeScale: 0, callbackFaults: { badSignature: true } });
      const push = await a.call("POST", "/collect/v1/push", collectBody({ amount: 3, callbackUrl: bad.url }));
      await wait(a, `resourceId=${push.body.checkoutId}&timeout=10`);
      const t = await a.call("GET", `/dev/v1/resources/${push.body.checkoutId}/timeline`);
      const ev = t.body.events as { type: string; [k: string]: unknown }[];
      expect(ev.map((e) => (e.type === "state" ? `state:${e.change}` : e.type))).toEqual(["request", "callback_scheduled", "state:settled", "callback_attempt"]);
      expect(ev[1]).toMatchObject({ state: "FAILED", faults: { badSignature: true } });
      expect(ev[3]).toMatchObject({ status: 500, error: "HTTP 500", note: expect.stringMatching(/wrong secret/) });
      expect(t.body).toMatchObject({ state: "FAILED", scenarioKey: "no_answer", held: false, resolvedVia: null });
    } finally {
      await bad.close();
    }
  });
});

describe("a server of its own", () => {
  const servers: RunningServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it("resolves a prompt nobody answered within the horizon as no_answer; held messages stay held; held resources count toward the resource bound", async () => {
    const { url } = await ownDb("held_expiry");
    // a test clock (lib/clock.ts): the horizon passes when the test moves the clock on, not before
    const server = await startServer({ databaseUrl: url, testClock: true, env: { HELD_TIMEOUT_SECONDS: "600", RESOURCE_LIMIT: "20" } });
    servers.push(server);
    try {
      const { appId, token } = await setUpApp(url, server.origin, 10_000, ["Payments", "Messaging"]);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-time-scale": "0" };
      const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
        const r = await fetch(`${server.origin}/sandbox${path}`, { method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: r.status, body: await r.json() };
      };
      const push = await call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${rx.url}/${appId}/expiry` }), HELD);
      const sms = await call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi", callbackUrl: `${rx.url}/${appId}/sms` }, HELD);
      const heldBy = await advanceClock(server.origin, 0);
      expect((await call("GET", "/dev/v1/resources/held")).body.resources).toHaveLength(2); // not before the horizon
      await advanceClock(server.origin, heldBy + 600_000 + 1000); // the expiry's round runs at once
      const w = await call("GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=15`);
      expect([w.body.status, w.body.delivery.scenarioKey, w.body.delivery.body.resultCode]).toEqual(["ATTEMPTED", "no_answer", 1037]);
      const t = await call("GET", `/dev/v1/resources/${push.body.checkoutId}/timeline`);
      const resolved = t.body.events.find((e: { change?: string }) => e.change === "resolved");
      expect(resolved).toMatchObject({ via: "expiry", requestId: null, scenarioKey: "no_answer" });
      expect(Date.parse(resolved.at) - Date.parse(t.body.createdAt)).toBeGreaterThanOrEqual(600_000);
      expect((await call("GET", `/collect/v1/push/${push.body.checkoutId}`)).body.status).toBe("FAILED");
      // SMS has no expiry scenario: still held
      expect((await call("GET", "/dev/v1/resources/held")).body.resources.map((r: { id: string }) => r.id)).toEqual([sms.body.messageId]);
      expect((await call("GET", `/messaging/v1/sms/${sms.body.messageId}`)).body.status).toBe("QUEUED");

      // the bound: the oldest resources go, held ones too
      const made = [push.body.checkoutId, sms.body.messageId];
      for (let i = 0; i < 24; i++) {
        const r = await call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${rx.url}/${appId}/bound` }), i < 4 ? HELD : {});
        expect(r.status).toBe(202);
        made.push(r.body.checkoutId);
      }
      // these 26 are all the app made: those the developer API still has a timeline for (404: no resource)
      const kept: string[] = [];
      for (const id of made) if ((await fetch(`${server.origin}/sandbox/dev/v1/resources/${id}/timeline`, { headers })).status === 200) kept.push(id);
      expect(kept.length).toBeGreaterThanOrEqual(20);
      expect(kept.length).toBeLessThanOrEqual(21);
      expect(kept).not.toContain(sms.body.messageId);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n--- server log ---\n${server.log().slice(-4000)}`, { cause: e });
    }
  }, 240_000);

  it.runIf(onPg())("two instances on one database: of 20 concurrent resolves through both, exactly one wins and one callback is posted", async () => {
    const { url } = await ownDb("held_multi");
    const [one, two] = await Promise.all([0, 1].map(() => startServer({ databaseUrl: url })));
    servers.push(one!, two!);
    const { token } = await setUpApp(url, one!.origin);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-time-scale": "0" };
    const dev = (origin: string, path: string) => fetch(`${origin}/sandbox/dev/v1${path}`, { headers }).then((r) => r.json() as Promise<any>);
    for (let round = 0; round < 5; round++) {
      const path = `/multi-held-${round}`;
      const push = await fetch(`${one!.origin}/sandbox/collect/v1/push`, { method: "POST", headers: { ...headers, ...HELD }, body: JSON.stringify(collectBody({ callbackUrl: `${rx.url}${path}` })) });
      const { checkoutId } = (await push.json()) as { checkoutId: string };
      const all = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        fetch(`${(i % 2 ? one : two)!.origin}/sandbox/dev/v1/resources/${checkoutId}/resolve`, { method: "POST", headers, body: JSON.stringify({ scenario: i % 3 ? "paid" : "cancelled" }) })
          .then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string; scenarioKey?: string } }))));
      const won = all.filter((x) => x.status === 200);
      expect(won).toHaveLength(1);
      expect(all.filter((x) => x.status === 409).map((x) => x.body.error)).toEqual(Array(19).fill("CONFLICT"));
      // the callback arrives, once, with the winner's outcome: one delivery and one attempt in the resource's timeline on either instance
      expect((await dev(two!.origin, `/callbacks/wait?resourceId=${checkoutId}&timeout=20`)).status).toBe("ATTEMPTED");
      const got = rx.received.filter((x) => x.path === path);
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.body).resultCode).toBe(won[0]!.body.scenarioKey === "paid" ? 0 : 1032);
      const { events } = (await dev(one!.origin, `/resources/${checkoutId}/timeline`)) as { events: { type: string }[] };
      expect(events.filter((e) => e.type === "callback_scheduled")).toHaveLength(1);
      expect(events.filter((e) => e.type === "callback_attempt")).toHaveLength(1);
    }
  });
});
