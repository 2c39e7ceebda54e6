// The gateway's order of checks, with the real steps over an in-memory stand-in
// for the gateway's store: each case breaks several rules at once and expects the
// first one in the order README "How the sandbox behaves" lists the checks.
import { describe, expect, it } from "vitest";
import type { GatewayStore, LogRow } from "@/lib/gateway/store";
import { handleCall, stepsAs } from "@/lib/gateway/pipeline";
import type { GatewayCall } from "@/lib/gateway";

type AppState = { suspended?: boolean; subs?: Record<string, string>; perMinute?: number; timeScale?: number; sandboxEndsInMs?: number };

function fakeDb(app: AppState | null, opts: { count?: number; expired?: boolean; revoked?: boolean } = {}) {
  const logged: LogRow[] = [];
  const made = Date.now(); // one moment for every read of the token: its app's end is the same each time
  const token = async () =>
      app && {
        expiresAt: new Date(made + (opts.expired ? -1 : 1) * 60_000),
        faultExpiredAt: null,
        revoked: Boolean(opts.revoked),
        app: {
          id: "app_1",
          suspended: Boolean(app.suspended),
          perMinute: app.perMinute ?? 60,
          callbackUrl: null,
          callbackFaults: "{}",
          subscriptions: Object.entries(app.subs ?? {}).map(([group, status]) => ({ group, status })),
          timeScale: app.timeScale ?? 1,
          testNumbers: [], faultPlan: [],
          parentAppId: app.sandboxEndsInMs === undefined ? null : "app_parent",
          expiresAt: app.sandboxEndsInMs === undefined ? null : new Date(made + app.sandboxEndsInMs),
        },
      };
  const db: GatewayStore = {
    tokenByHash: token,
    tokenCounting: async () => ({ token: await token() }),
    expireToken: async () => {},
    countCall: async () => opts.count ?? 1,
    countPlanCall: async () => 1,
    findResource: async () => null,
    referenceInUse: async () => false,
    floatAvailable: async () => 1_000_000,
    commit: async ({ log }) => {
      logged.push(log);
      return true;
    },
    prune: async () => {},
  };
  return { db, logged };
}

function call(method: string, path: string, opts: { token?: boolean; body?: string; scenario?: string; timeScale?: string } = {}): GatewayCall {
  const headers = new Headers();
  if (opts.token !== false) headers.set("authorization", "Bearer tok");
  if (opts.scenario) headers.set("x-svc-scenario", opts.scenario);
  if (opts.timeScale !== undefined) headers.set("x-svc-time-scale", opts.timeScale);
  return { method, path, headers, readBody: async () => opts.body ?? "", via: "http" };
}

const pushBody = JSON.stringify({
  shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: "R1", callbackUrl: "https://x.test/cb",
});
const ALL = { subs: { Payments: "ACTIVE", Treasury: "ACTIVE", Identity: "ACTIVE", Messaging: "ACTIVE" } };

describe("order of checks", () => {
  const cases: [string, GatewayCall, ReturnType<typeof fakeDb>, number, string][] = [
    ["no token on an unknown path", call("GET", "/nope", { token: false }), fakeDb(null), 401, "MISSING_TOKEN"],
    ["unknown token on an unknown path", call("GET", "/nope"), fakeDb(null), 401, "INVALID_TOKEN"],
    ["expired token, suspended app", call("GET", "/nope"), fakeDb({ suspended: true }, { expired: true }), 401, "INVALID_TOKEN"],
    ["revoked key pair, suspended app", call("GET", "/nope"), fakeDb({ suspended: true }, { revoked: true }), 401, "INVALID_TOKEN"],
    ["ended throwaway sandbox, suspended", call("GET", "/nope"), fakeDb({ suspended: true, sandboxEndsInMs: -60_000 }), 401, "INVALID_TOKEN"],
    ["ended throwaway sandbox, subscribed", call("GET", "/collect/v1/push/chk_1"), fakeDb({ ...ALL, sandboxEndsInMs: -60_000 }), 401, "INVALID_TOKEN"],
    ["live throwaway sandbox, suspended", call("GET", "/nope"), fakeDb({ suspended: true, sandboxEndsInMs: 60_000 }), 403, "APP_SUSPENDED"],
    ["suspended app on an unknown path", call("GET", "/nope"), fakeDb({ suspended: true }), 403, "APP_SUSPENDED"],
    ["unknown path, no subscription, over the limit", call("POST", "/collect/v1/nope"), fakeDb({}, { count: 99 }), 404, "NO_SUCH_OPERATION"],
    ["wrong method on a known path", call("GET", "/collect/v1/push"), fakeDb(ALL), 404, "NO_SUCH_OPERATION"],
    ["not subscribed, over the limit", call("POST", "/collect/v1/push", { body: "x" }), fakeDb({ subs: { Treasury: "ACTIVE" } }, { count: 99 }), 403, "NOT_SUBSCRIBED"],
    ["rejected subscription", call("POST", "/payouts/v1/send"), fakeDb({ subs: { Treasury: "REJECTED" } }), 403, "NOT_SUBSCRIBED"],
    ["Treasury pending, over the limit", call("POST", "/payouts/v1/send", { body: "x" }), fakeDb({ subs: { Treasury: "PENDING" } }, { count: 99 }), 403, "SUBSCRIPTION_PENDING"],
    ["over the limit with a bad body", call("POST", "/collect/v1/push", { body: "x" }), fakeDb(ALL, { count: 61 }), 429, "RATE_LIMITED"],
    ["over the limit with a bad time scale", call("POST", "/collect/v1/push", { body: "{", timeScale: "2" }), fakeDb(ALL, { count: 61 }), 429, "RATE_LIMITED"],
    ["bad time scale with bad JSON", call("POST", "/collect/v1/push", { body: "{", timeScale: "fast" }), fakeDb(ALL), 400, "VALIDATION_ERROR"],
    ["bad JSON with a forced scenario", call("POST", "/collect/v1/push", { body: "{", scenario: "paid" }), fakeDb(ALL), 400, "INVALID_BODY"],
    ["invalid field with a forced scenario", call("POST", "/collect/v1/push", { body: "{}", scenario: "paid" }), fakeDb(ALL), 400, "VALIDATION_ERROR"],
  ];

  it.each(cases)("%s", async (_name, c, fake, status, code) => {
    const r = await handleCall(c, fake.db);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ error: code, requestId: r.headers["x-request-id"] });
    expect(r.headers["x-svc-scenario"]).toBeUndefined(); // not produced by a scenario
  });

  it("an ended throwaway sandbox is refused in the same words with its token and from try-it (no token)", async () => {
    const ended = fakeDb({ ...ALL, sandboxEndsInMs: -60_000 });
    const app = (await ended.db.tokenByHash("tok"))!.app;
    const withToken = await handleCall(call("GET", "/collect/v1/push/chk_1"), ended.db);
    const fromTryIt = await handleCall(call("GET", "/collect/v1/push/chk_1", { token: false }), ended.db, stepsAs(app));
    const said = (r: typeof withToken) => [r.status, (r.body as { error: string }).error, (r.body as { message: string }).message];
    expect(said(fromTryIt)).toEqual(said(withToken));
    expect(said(withToken)).toEqual([401, "INVALID_TOKEN", `the throwaway sandbox app_1 ended at ${app.expiresAt!.toISOString()}; make a new one with its parent app's keys`]);
  });

  it("only calls that passed the token check are logged, refused ones included", async () => {
    const refusedEarly = fakeDb(null);
    await handleCall(call("GET", "/nope", { token: false }), refusedEarly.db);
    expect(refusedEarly.logged).toHaveLength(0);
    const suspended = fakeDb({ suspended: true });
    await handleCall(call("GET", "/nope"), suspended.db);
    expect(suspended.logged).toEqual([expect.objectContaining({ status: 403, scenarioKey: null })]);
  });

  it("a call that passes every check runs its scenario, carries x-svc-scenario and rate headers, and is logged with the key", async () => {
    const ok = fakeDb(ALL, { count: 5 });
    const r = await handleCall(call("POST", "/collect/v1/push", { body: pushBody }), ok.db);
    expect(r.status).toBe(202);
    expect(r.headers).toMatchObject({ "x-svc-scenario": "paid", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "55" });
    expect(ok.logged).toEqual([expect.objectContaining({ status: 202, scenarioKey: "paid" })]);
  });

  it("the time scale: the header wins over the app's, scales the delay, and is logged (null when refused before it)", async () => {
    const app = fakeDb({ ...ALL, timeScale: 0.5 });
    await handleCall(call("POST", "/collect/v1/push", { body: pushBody, timeScale: "0" }), app.db);
    await handleCall(call("POST", "/collect/v1/push", { body: pushBody }), app.db);
    await handleCall(call("POST", "/collect/v1/push", { body: pushBody, timeScale: "-1" }), app.db);
    await handleCall(call("POST", "/collect/v1/nope", { body: pushBody, timeScale: "0" }), app.db);
    expect(app.logged.map((l) => [l.status, l.timeScale])).toEqual([[202, 0], [202, 0.5], [400, null], [404, null]]);
    // the push's scripted delay is 120 ms: at the app's 0.5 the call waits (and logs) at least 60 ms
    expect(app.logged[1]!.durationMs).toBeGreaterThanOrEqual(60);
  });

  it("the rate headers are on refused calls that reached the rate check", async () => {
    const r = await handleCall(call("POST", "/collect/v1/push", { body: "x" }), fakeDb(ALL, { count: 61 }).db);
    expect(r.headers).toMatchObject({ "x-ratelimit-remaining": "0", "retry-after": expect.stringMatching(/^\d+$/) });
  });
});
