// The try-it route against the real server: it runs the engine and answers
// what the gateway would (that it stores nothing and so sends no callback is
// at-rest.test.ts's, read in the database); body and validation
// errors look exactly like the gateway's; a per-address limiter refuses floods.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { operations, type Operation } from "@/lib/catalog";
import { fillPath } from "@/lib/catalog";
import { exampleBody, exampleParams } from "@/lib/docs/doc-examples";
import { ownerOf } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { http, newApp, origin, type TestApp } from "../helpers/apps";
import { heldPortal } from "../helpers/own-server";
import { postFrom, tryIt as tryItFrom, type TryItOptions } from "../helpers/tryit";

// This file's try-it calls come from a loopback address of its own: the limiter counts per client address and
// clock minute, and another file's try-it calls from 127.0.0.1 in the same minute must not spend this file's budget.
const FROM = "127.0.0.88";

const tryIt = (op: Operation, body: unknown, opts: TryItOptions = {}) => tryItFrom(FROM, op, body, opts);


let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe("try-it", () => {
  it("answers every scenario of every operation with its status, delay and callback", async () => {
    let longestCallback = 0;
    for (const op of operations) {
      const body = op.body ? { ...exampleBody(op), ...("callbackUrl" in exampleBody(op)! ? { callbackUrl: receiver.url } : {}) } : undefined;
      for (const s of op.scenarios) {
        const r = await tryIt(op, body, { scenario: s.key });
        expect(r.status, `${op.id} ${s.key}`).toBe(200);
        expect(r.body.scenario).toBe(s.key);
        expect(r.body.headers["x-svc-scenario"]).toBe(s.key);
        expect(r.body.delayMs).toBe(s.delayMs);
        if (s.key === "tracked") {
          // No app, so no resource of yours: the forced live scenario answers 404.
          expect(r.body.status).toBe(404);
          continue;
        }
        expect(r.body.status, `${op.id} ${s.key}`).toBe(s.status);
        if (s.callbackDelayMs !== undefined) {
          expect(r.body.callback).toMatchObject({ delayMs: s.callbackDelayMs, url: receiver.url });
          longestCallback = Math.max(longestCallback, s.callbackDelayMs);
        } else expect(r.body.callback).toBeNull();
      }
    }
    // the magic value alone picks the scenario too (no header)
    const push = operations.find((o) => o.id === "collect.push")!;
    const magic = await tryIt(push, { ...exampleBody(push), amount: 1, callbackUrl: receiver.url });
    expect(magic.body).toMatchObject({ status: 202, scenario: "insufficient_funds", callback: { body: { resultCode: 1001 } } });
    expect(longestCallback).toBe(9000);
  });

  describe("errors look like the gateway's", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await newApp();
    });
    const push = operations.find((o) => o.id === "collect.push")!;
    const payout = operations.find((o) => o.id === "payouts.send")!;
    const status = operations.find((o) => o.id === "collect.status")!;
    const cases: { name: string; op: Operation; body?: unknown; params?: Record<string, string> }[] = [
      { name: "a non-integer amount", op: push, body: { ...exampleBody(push), amount: 12.5 } },
      { name: "a missing field", op: push, body: { ...exampleBody(push), currency: undefined } },
      { name: "a wrong enum", op: push, body: { ...exampleBody(push), currency: "USD" } },
      { name: "invalid JSON", op: push, body: "{not json" },
      { name: "a JSON array", op: push, body: "[1,2]" },
      { name: "a body over 64 KiB", op: push, body: JSON.stringify({ ...exampleBody(push), description: "x".repeat(70_000) }) },
      { name: "a payout below its minimum", op: payout, body: { ...exampleBody(payout), amount: 5 } },
      { name: "a bank payout without accountNumber", op: payout, body: { ...exampleBody(payout), destination: { type: "bank", bankCode: "01" } } },
      { name: "the invalid_phone magic value", op: push, body: { ...exampleBody(push), phoneNumber: "254000000000" } },
      { name: "the not_found magic id", op: status, params: { checkoutId: "chk_missing" } },
      { name: "a path id over 64 characters", op: status, params: { checkoutId: "c".repeat(65) } },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const params = c.params ?? exampleParams(c.op);
        const gateway = await app.call(c.op.method, fillPath(c.op, params), c.body);
        const tried = await tryIt(c.op, c.body, { params });
        expect(gateway.status).toBeGreaterThanOrEqual(400);
        expect(tried.status).toBe(200);
        expect(tried.body.status).toBe(gateway.status);
        expect(tried.body.body).toEqual({ ...gateway.body, requestId: tried.body.body.requestId });
        expect(tried.body.body.requestId).toMatch(/^req_/);
        expect(tried.body.headers["x-request-id"]).toBe(tried.body.body.requestId);
        expect(tried.body.headers["x-svc-scenario"]).toBe(gateway.headers.get("x-svc-scenario") ?? undefined);
      });
    }
  });

  it("an unknown operation answers 404 in the error contract", async () => {
    const r = await postFrom(FROM, `${origin()}/api/try/collect.nope`, { body: "{}" });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
  });

  it("X-Svc-Time-Scale: the delays it shows are the scaled ones; a bad value is the gateway's VALIDATION_ERROR; an app needs its signed-in owner", async () => {
    const op = operations.find((o) => o.id === "collect.push")!;
    const noAnswer = op.scenarios.find((s) => s.key === "no_answer")!;
    const full = await tryIt(op, exampleBody(op), { scenario: "no_answer" });
    expect([full.body.delayMs, full.body.callback.delayMs]).toEqual([noAnswer.delayMs, noAnswer.callbackDelayMs]);
    const tenth = await tryIt(op, exampleBody(op), { scenario: "no_answer", headers: { "x-svc-time-scale": "0.1" } });
    expect([tenth.body.delayMs, tenth.body.callback.delayMs]).toEqual([Math.round(noAnswer.delayMs * 0.1), Math.round(noAnswer.callbackDelayMs! * 0.1)]);
    const instant = await tryIt(op, exampleBody(op), { scenario: "no_answer", headers: { "x-svc-time-scale": "0" } });
    expect([instant.body.delayMs, instant.body.callback.delayMs]).toEqual([0, 0]);
    const bad = await tryIt(op, exampleBody(op), { headers: { "x-svc-time-scale": "7" } });
    expect(bad.body).toMatchObject({ status: 400, body: { error: "VALIDATION_ERROR", message: expect.stringContaining("X-Svc-Time-Scale") } });
    const a = await newApp();
    const signedOut = await tryIt(op, exampleBody(op), { headers: { "x-svc-try-app": a.appId } });
    expect([signedOut.status, signedOut.body.error]).toEqual([404, "NOT_FOUND"]);
  });

  it("limits calls per client address (fixed clock-minute windows)", async () => {
    // A portal of its own, its test clock held in one clock minute: every call falls in that window however slow
    // the machine, and its limiter (one per portal, in memory) has counted none of the other tests' calls.
    const { portal: own } = await heldPortal("tryit_limit");
    try {
      const op = operations.find((o) => o.id === "identity.get")!;
      const tryIt = (o: Operation, body: unknown) => tryItFrom(FROM, o, body, { at: own.origin });
      const first = await tryIt(op, undefined);
      expect(Number(first.headers.get("x-ratelimit-reset"))).toBe(60); // the clock stands at the window's start
      const limit = Number(first.headers.get("x-ratelimit-limit"));
      const remaining = Number(first.headers.get("x-ratelimit-remaining"));
      expect(limit).toBeGreaterThan(0);
      expect(remaining).toBeLessThan(limit);
      const second = await tryIt(op, undefined);
      expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
      if (limit > 500) return; // a high limit (TRY_IT_PER_MINUTE): the decreasing headers are the evidence
      let last = second;
      for (let i = 0; i < remaining; i++) last = await tryIt(op, undefined);
      expect(last.status).toBe(429);
      expect(last.body).toMatchObject({ error: "RATE_LIMITED", requestId: expect.stringMatching(/^req_/) });
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    } finally {
      await own.close();
    }
  });

  it("live, as the signed-in owner's app: the gateway's answer, logged via try-it, its callback posted to the app's inspector; another's app or no session: 404", async () => {
    const op = operations.find((o) => o.id === "collect.push")!;
    const a = await newApp({ groups: ["Payments"] });
    const stranger = await newApp({ groups: ["Payments"] });
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    expect(session).toBeTruthy();
    const asOwner = (appId: string, cookie?: string) => ({ "x-svc-try-app": appId, "x-svc-try-live": "1", "x-svc-time-scale": "0", ...(cookie ? { cookie } : {}) });
    const body = { ...exampleBody(op), reference: `TRY-${Date.now()}`, callbackUrl: a.inspectorUrl };
    // From an address of its own: the other tests' try-it calls are not counted against it.
    const tryLive = async (b: unknown, opts: { scenario?: string; headers: Record<string, string> }) => {
      const r = await requestFrom("127.0.0.77", `${origin()}/api/try/${op.id}`, {
        method: "POST", headers: { "content-type": "application/json", ...(opts.scenario ? { "x-svc-scenario": opts.scenario } : {}), ...opts.headers }, body: JSON.stringify(b),
      });
      return { status: r.status, text: r.text, body: r.json };
    };

    const r = await tryLive(body, { scenario: "cancelled", headers: asOwner(a.appId, session!) });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 202, scenario: "cancelled", callback: null, live: { appId: a.appId, requestId: expect.stringMatching(/^req_/) } });
    expect(r.body.body.checkoutId).toMatch(/^chk_/);
    // The app's per-minute limit counted it, as the gateway does.
    expect(Number(r.body.headers["x-ratelimit-limit"])).toBeGreaterThan(0);

    // In the app's request log, marked as made from try-it; its callback really posted to the app's inspector.
    const consoleGet = (rest: string) => http("GET", `${origin()}/api/console/apps/${a.appId}${rest}`, { headers: { cookie: session!, accept: "application/json" } });
    const logged = await consoleGet(`/requests/${r.body.live.requestId}`);
    expect(logged.status, logged.text).toBe(200);
    expect(logged.body).toMatchObject({ requestId: r.body.live.requestId, via: "try-it", path: "/collect/v1/push", status: 202 });
    const [delivery] = logged.body.links.deliveries;
    expect(delivery).toBeTruthy();
    const d = await vi.waitFor(async () => {
      const got = (await consoleGet(`/deliveries/${delivery.id}`)).body;
      expect(got.state).not.toMatch(/^(SCHEDULED|SENDING)$/);
      return got;
    }, { timeout: 15_000, interval: 250 });
    expect([d.state, d.lastStatus, d.url]).toEqual(["DELIVERED", 200, a.inspectorUrl]);
    expect(JSON.parse(d.body)).toMatchObject({ checkoutId: r.body.body.checkoutId, resultCode: 1032 });
    expect(d.links.inbox).toHaveLength(1);

    // Not the reader's app, or no session: the same 404, and nothing logged for that app.
    const strangersLog = async () => (await (await ownerOf(stranger)).requests()).length;
    const strangersBefore = await strangersLog();
    const notTheirs = await tryLive(body, { headers: asOwner(stranger.appId, session!) });
    expect([notTheirs.status, notTheirs.body.error]).toEqual([404, "NOT_FOUND"]);
    const signedOut = await tryLive(body, { headers: asOwner(a.appId) });
    expect([signedOut.status, signedOut.body.error]).toEqual([404, "NOT_FOUND"]);
    expect(await strangersLog()).toBe(strangersBefore);

    // The gateway's checks after the token's apply: a body error is the gateway's, and logged.
    const invalid = await tryLive({ ...body, amount: -5 }, { headers: asOwner(a.appId, session!) });
    expect(invalid.body).toMatchObject({ status: 400, body: { error: "VALIDATION_ERROR" }, live: { appId: a.appId } });
  });
});
