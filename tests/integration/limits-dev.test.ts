// The developer tools cannot be used to get past a limit (README "Hosting it
// for others"): a reset keeps the rate window and is itself limited; a replay
// counts each delivery it posts again; strangers flooding an inspector cannot
// make the app's own callbacks to it fail. On a portal of its own (in this process) on a test
// clock, moved to the start of a minute before each count (tests/helpers/window.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { requestFrom } from "../helpers/from-address";
import { setUpApp } from "../helpers/operator";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { ownerView } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, http } from "../helpers/apps";
import { holdNextMinute, letClocksRun } from "../helpers/window";

let failing: Receiver;
let server: InProcessPortal;
let dbUrl = "";
beforeAll(async () => {
  failing = await startReceiver(() => ({ status: 500 }));
  dbUrl = (await ownDb("limits_dev")).url;
  server = await startPortal({ env: { DATABASE_URL: dbUrl } });
});
afterAll(async () => {
  await failing.close();
  await server?.close();
});
// a count held in its minute (holdNextMinute) lets the clock run again for the next test
afterEach(() => letClocksRun(server.origin));

/** An app on that server (the plan's 60 calls a minute unless told) with a token, as tests/helpers/apps.ts newApp answers one. */
async function newApp(perMinute = 60) {
  const { appId, token, email } = await setUpApp(dbUrl, server.origin, perMinute, ["Payments", "Identity"]);
  const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    http(method, `${server.origin}/sandbox${p}`, {
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { appId, call, user: { email }, inspectorUrl: `${server.origin}/inspect/${appId}` };
}
type TestApp = Awaited<ReturnType<typeof newApp>>;
const minute = () => holdNextMinute(server.origin);

const status = (a: TestApp) => a.call("GET", "/identity/v1/verifications/ver_1", undefined, { "x-svc-scenario": "found" }).then((r) => r.status);

/** Polls until `f` passes (a read through the API), within a generous deadline. */
const until = (f: () => Promise<void>) => vi.waitFor(f, { timeout: 30_000, interval: 150 });

describe("reset", () => {
  it("keeps the rate window: 60 calls, a reset, and the rest of the minute is still refused", async () => {
    const a = await newApp();
    await minute();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await status(a));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await a.call("POST", "/dev/v1/reset", {})).status).toBe(200);
    const after = await a.call("GET", "/identity/v1/verifications/ver_1");
    expect([after.status, after.body.error, after.headers.get("x-ratelimit-remaining")]).toEqual([429, "RATE_LIMITED", "0"]);
  });

  it("is limited per app: the 31st reset in a minute answers 429 with retry-after; another app still resets", async () => {
    const a = await newApp();
    const b = await newApp();
    await minute();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await a.call("POST", "/dev/v1/reset", {})).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await a.call("POST", "/dev/v1/reset", {});
    expect([refused.status, refused.body.error]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await b.call("POST", "/dev/v1/reset", {})).status).toBe(200);
  });
});

describe("replay", () => {
  it("counts every delivery it posts toward the app's resends a minute, replays at most 50 per call, and says how many it left", async () => {
    const a = await newApp(1000);
    const since = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 70; i++) {
      const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: `${failing.url}/r` }), { "x-svc-time-scale": "0" });
      expect(r.status).toBe(202);
    }
    const owner = await ownerView(a, "long enough pw", server.origin);
    const failed = () => owner.get("/deliveries?state=failed&take=1");
    await until(async () => expect((await failed()).total).toBe(70));
    await minute();
    const posted = () => failing.received.filter((x) => x.path === "/r").length;
    const before = posted();

    const first = await a.call("POST", "/dev/v1/deliveries/replay", { since });
    expect(first.status).toBe(200);
    expect([first.body.replayed.length, first.body.left, first.body.more]).toEqual([50, 20, true]);
    // RESENDS_PER_MINUTE (60): ten left in this minute's budget
    const second = await a.call("POST", "/dev/v1/deliveries/replay", { since });
    expect(second.status).toBe(200);
    // left: at least the 10 never replayed (replayed ones that failed again by now count too)
    expect([second.body.replayed.length, second.body.left >= 10, second.body.more]).toEqual([10, true, true]);
    const third = await a.call("POST", "/dev/v1/deliveries/replay", { since });
    expect([third.status, third.body.error]).toEqual([429, "RATE_LIMITED"]);
    // a resend is refused too: the budget is one per app
    const one = (await failed()).items[0];
    expect((await a.call("POST", `/dev/v1/deliveries/${one.id}/resend`, {})).status).toBe(429);

    await until(async () => expect(posted() - before).toBeGreaterThanOrEqual(60));
    // Proves no 61st post: waits after the 60th, which any extra post would have followed.
    await new Promise((r) => setTimeout(r, 1500));
    expect(posted() - before).toBe(60);
  });
});

describe("the app's own inspector", () => {
  it("the app's own callbacks arrive while strangers flood its inspector", async () => {
    const a = await newApp();
    await minute();
    // strangers use up what the inspector takes from others in this minute (INSPECT_PER_MINUTE, 120)
    const flood = await Promise.all(
      Array.from({ length: 130 }, (_, i) => requestFrom(`127.0.31.${(i % 10) + 1}`, a.inspectorUrl, { method: "POST", body: `junk ${i}` }).then((r) => r.status)),
    );
    expect(flood.filter((s) => s === 429).length).toBeGreaterThan(0);
    const push = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
    expect(push.status).toBe(202);
    const w = await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=30`);
    expect([w.body.status, w.body.attempt.status, w.body.delivery.state]).toEqual(["ATTEMPTED", 200, "DELIVERED"]);
  });

  it("a callback to another app's inspector is a stranger's post there, not that app's own", async () => {
    const a = await newApp();
    const b = await newApp();
    await minute();
    const flood = await Promise.all(
      Array.from({ length: 130 }, (_, i) => requestFrom(`127.0.32.${(i % 10) + 1}`, b.inspectorUrl, { method: "POST", body: `junk ${i}` }).then((r) => r.status)),
    );
    expect(flood.filter((s) => s === 429).length).toBeGreaterThan(0);
    const push = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: b.inspectorUrl }), { "x-svc-time-scale": "0" });
    const w = await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=30`);
    expect([w.body.status, w.body.attempt.status]).toEqual(["ATTEMPTED", 429]);
  });
});
