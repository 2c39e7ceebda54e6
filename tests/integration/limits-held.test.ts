// Connections the developer API holds open (waits for a callback, the
// listeners' streams): capped per app, per account and per instance, freed when
// the client leaves or stops reading, and cheap while they wait (one poller per
// app). A portal of its own with small caps (README "Hosting it for others"), made in this process.
import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMeter } from "../../bench/cpu";
import { accessToken, cliBatch } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { requestFrom } from "../helpers/from-address";
import { type RunningServer, startServer as startServerProcess } from "../helpers/server";

let server: RunningServer;
let dbUrl = "";

beforeAll(async () => {
  dbUrl = (await ownDb("held")).url;
  server = await startServer({
    databaseUrl: dbUrl,
    env: {
      HELD_CONNECTIONS_PER_ACCOUNT: "6", HELD_CONNECTIONS_PER_INSTANCE: "10", LISTEN_STREAMS_PER_APP: "2",
      INSPECT_PER_MINUTE: "100000", INSPECT_PER_ADDRESS_PER_MINUTE: "100000",
    },
  });
});
afterAll(() => server?.stop());

/** An account with `n` apps (Payments), each with a token and a callback that will not be attempted for ten minutes. */
async function account(n: number) {
  const email = `h-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, server.origin, [
    ["user", "create", "--email", email, "--password", "long enough pw"],
    ...Array.from({ length: n }, (_, i) => [
      ["app", "create", "--owner", email, "--name", `Held ${i}`],
      ["subscribe", "--app", "{appId}", "--group", "Payments"],
      ["key", "create", "--app", "{appId}"],
    ]).flat(),
  ]);
  const apps = [];
  for (let i = 0; i < n; i++) {
    const { appId } = answers[1 + 3 * i]!;
    const { consumerKey, consumerSecret } = answers[3 + 3 * i]!;
    if (!appId || !consumerKey || !consumerSecret) throw new Error(`operator commands answered ${JSON.stringify(answers)}`);
    const token = await accessToken(server.origin, consumerKey, consumerSecret);
    const call = (method: string, path: string, body?: unknown, signal?: AbortSignal) =>
      fetch(`${server.origin}/sandbox${path}`, {
        method, signal,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    await call("PATCH", "/dev/v1/settings", { callbackFaults: { extraDelayMs: 600_000 } });
    const push = await call("POST", "/collect/v1/push", {
      shortCode: "1", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: `H-${randomUUID().slice(0, 8)}`, callbackUrl: "http://127.0.0.1:9/cb",
    });
    if (push.status !== 202) throw new Error(`push answered ${push.status}: ${await push.text()}`);
    const { checkoutId } = (await push.json()) as { checkoutId: string };
    apps.push({ appId, token, call, checkoutId });
  }
  return apps;
}
type HeldApp = Awaited<ReturnType<typeof account>>[number];

// Three accounts, made once: two apps, one, one.
let p: HeldApp, q: HeldApp, r: HeldApp, s: HeldApp;
beforeAll(async () => {
  [p, q] = (await account(2)) as [HeldApp, HeldApp];
  [r] = (await account(1)) as [HeldApp];
  [s] = (await account(1)) as [HeldApp];
}, 400_000);

const holders: AbortController[] = [];
/** A wait of 60 s, held open until aborted. */
function holdWait(a: HeldApp) {
  const abort = new AbortController();
  holders.push(abort);
  void a.call("GET", `/dev/v1/callbacks/wait?resourceId=${a.checkoutId}&timeout=60`, undefined, abort.signal).catch(() => {});
  return abort;
}
/** A stream, held open (and read) until aborted; resolves once it answered. */
async function holdStream(a: HeldApp) {
  const abort = new AbortController();
  holders.push(abort);
  const r = await a.call("GET", "/dev/v1/inbox/stream", undefined, abort.signal);
  if (r.status === 200) void r.body!.pipeTo(new WritableStream()).catch(() => {});
  return { status: r.status, abort };
}
/** A wait that looks once (timeout 0): 200 when a slot was free, 429 when not. */
const probe = (a: HeldApp) => a.call("GET", `/dev/v1/callbacks/wait?resourceId=${a.checkoutId}&timeout=0`).then((r) => r.status);
/** Until `a` may hold one more (a look-once wait answers 200): for after connections ended, when none can take a slot meanwhile. */
const freed = (a: HeldApp) => vi.waitFor(async () => expect(await probe(a)).toBe(200), { timeout: 30_000, interval: 100 });
type Held = { waits: number; streams: number; account: number; limits: Record<string, number> };
/** What `a` holds open on `origin` now, as its developer API answers it (GET /dev/v1/connections). */
const heldOn = async (origin: string, a: HeldApp): Promise<Held> =>
  (await fetch(`${origin}/sandbox/dev/v1/connections`, { headers: { authorization: `Bearer ${a.token}` } })).json() as Promise<Held>;
/** Until `a`'s account holds `n` waits and streams: the ones just fired have all taken their slot (a probe would take one itself). */
const holding = (a: HeldApp, n: number) => vi.waitFor(async () => expect((await heldOn(server.origin, a)).account).toBe(n), { timeout: 30_000, interval: 100 });
/** Ends every held connection and waits until each account of the fixture may hold again. */
const releaseAll = async () => {
  for (const h of holders.splice(0)) h.abort();
  for (const a of [p, q, r, s]) await freed(a);
};

describe("held connections", () => {
  it("a wait whose client went away frees its slot at once", async () => {
    // six waits: all this account may hold (HELD_CONNECTIONS_PER_ACCOUNT)
    const waits = Array.from({ length: 6 }, () => holdWait(r));
    await holding(r, 6);
    expect(await heldOn(server.origin, r)).toEqual({ waits: 6, streams: 0, account: 6, limits: { waitsPerApp: 20, streamsPerApp: 2, perAccount: 6 } });
    expect(await probe(r)).toBe(429);
    for (const w of waits) w.abort();
    // every one of the six is given back, not only the first (a probe answers 200 as soon as one is)
    await holding(r, 0);
    expect(await heldOn(server.origin, r)).toMatchObject({ waits: 0, streams: 0, account: 0 });
    expect(await probe(r)).toBe(200);
    await releaseAll();
  });

  it("waits and streams are capped per account over all its apps, and per instance", async () => {
    for (let i = 0; i < 3; i++) holdWait(p);
    for (let i = 0; i < 2; i++) expect((await holdStream(q)).status).toBe(200);
    holdWait(q);
    await holding(q, 6);
    expect([await heldOn(server.origin, p), await heldOn(server.origin, q)]).toMatchObject([{ waits: 3, streams: 0, account: 6 }, { waits: 1, streams: 2, account: 6 }]);
    // six held by this account (HELD_CONNECTIONS_PER_ACCOUNT): a seventh on either app is refused
    const refused = await q.call("GET", `/dev/v1/callbacks/wait?resourceId=${q.checkoutId}&timeout=0`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/per team/);
    expect(await probe(p)).toBe(429);
    // another account holds four more: the instance's ten (HELD_CONNECTIONS_PER_INSTANCE) are taken
    for (let i = 0; i < 4; i++) holdWait(r);
    await holding(r, 4);
    const full = await s.call("GET", `/dev/v1/callbacks/wait?resourceId=${s.checkoutId}&timeout=0`);
    expect(full.status).toBe(429);
    expect(((await full.json()) as { message: string }).message).toMatch(/this server/);
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThan(0);
    await releaseAll(); // and s may hold one again: the instance's slots are free
  });

  it("40 streams opened at once past LISTEN_STREAMS_PER_APP: exactly 2 answer 200, the rest 429 with Retry-After and the error body, never a 200 and then an error event", async () => {
    const [t] = (await account(1)) as [HeldApp];
    const replies = await Promise.all(Array.from({ length: 40 }, async () => {
      const abort = new AbortController();
      holders.push(abort);
      const res = await t.call("GET", "/dev/v1/inbox/stream", undefined, abort.signal);
      if (res.status === 200) {
        void res.body!.pipeTo(new WritableStream()).catch(() => {});
        return { status: 200 };
      }
      return { status: res.status, type: res.headers.get("content-type"), retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { error: string; message: string } };
    }));
    expect(replies.filter((x) => x.status === 200)).toHaveLength(2);
    const refused = replies.filter((x) => x.status !== 200);
    expect(refused).toHaveLength(38);
    for (const x of refused) {
      expect(x).toMatchObject({ status: 429, type: expect.stringMatching(/^application\/json/), body: { error: "RATE_LIMITED", message: expect.stringMatching(/^at most 2 listeners of one app/) } });
      expect(Number(x.retryAfter)).toBeGreaterThan(0);
    }
    await releaseAll();
  });

  it("a stream whose client stops reading is ended: its socket closes and its slot is free again", async () => {
    const a = s;
    const { port } = new URL(server.origin);
    // a client that sends its request, reads the answer's head (its slot is taken then) and never reads again
    const socket = net.connect(Number(port), "127.0.0.1");
    let closed = false;
    socket.on("close", () => (closed = true));
    socket.on("error", () => {});
    await new Promise((r) => socket.once("connect", r));
    const head = new Promise<string>((r) => socket.once("data", (d) => r(d.toString("latin1"))));
    socket.write(`GET /sandbox/dev/v1/inbox/stream?foreign=true HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${a.token}\r\n\r\n`);
    expect(await head).toMatch(/^HTTP\/1\.1 200/);
    socket.pause();
    expect((await holdStream(a)).status).toBe(200); // LISTEN_STREAMS_PER_APP is 2: this one and the stalled one
    expect((await holdStream(a)).status).toBe(429);
    await releaseAll();
    // 16 MiB of inbox entries the stalled stream has to send
    const big = "x".repeat(200 * 1024);
    for (let i = 0; i < 80; i += 8) {
      await Promise.all(Array.from({ length: 8 }, (_, j) => requestFrom(`127.0.41.${j + 1}`, `${server.origin}/inspect/${a.appId}`, { method: "POST", body: big })));
    }
    // The server ends the stalled stream and frees its slot: two streams fit again (LISTEN_STREAMS_PER_APP is 2).
    await vi.waitFor(async () => {
      const again = [(await holdStream(a)).status, (await holdStream(a)).status];
      await releaseAll();
      expect(again).toEqual([200, 200]);
    }, { timeout: 45_000, interval: 1000 });
    // And the client, once it reads what reached it, finds its connection ended (a paused socket cannot see the end before).
    socket.resume();
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 20_000 });
  }, 180_000);

  it("held waits and streams cost the server little CPU: one poller per app, not one per connection", async () => {
    const apps = [p, q, r];
    // 60 waits over three apps of two accounts and 10 streams: within the default caps, on a second server that has
    // them, a server process whose own CPU is measured (its process group's, as the bench measures a portal:
    // bench/cpu.ts). Not the test process's: it holds the 70 clients, the file's other portal and what its earlier
    // files left for the garbage collector (an in-process portal measured with its whole worker read 25.9% once,
    // where the usual was 4-9%).
    const busy = await startServerProcess({ databaseUrl: dbUrl, env: {} });
    try {
      const call = (a: HeldApp, path: string, signal: AbortSignal) =>
        fetch(`${busy.origin}/sandbox${path}`, { headers: { authorization: `Bearer ${a.token}` }, signal });
      const abort = new AbortController();
      for (const a of apps) for (let i = 0; i < 20; i++) void call(a, `/dev/v1/callbacks/wait?resourceId=${a.checkoutId}&timeout=60`, abort.signal).catch(() => {});
      for (let i = 0; i < 10; i++) {
        const r = await call(apps[2]!, "/dev/v1/inbox/stream", abort.signal);
        void r.body!.pipeTo(new WritableStream()).catch(() => {});
      }
      // measured once all 70 are held: each wait has taken its slot, each stream has answered
      await vi.waitFor(async () => {
        const now = await Promise.all(apps.map((a) => heldOn(busy.origin, a)));
        expect(now.map((h) => [h.waits, h.streams])).toEqual([[20, 0], [20, 0], [20, 10]]);
      }, { timeout: 60_000, interval: 250 });
      const meter = await startMeter([busy.proc.pid!]); // its own process group (./server.ts starts it detached)
      await new Promise((r) => setTimeout(r, 5000)); // the window measured: what they cost while nothing happens
      const { portalMs, wallMs } = await meter.stop();
      const share = portalMs / wallMs;
      abort.abort();
      const said = `${(share * 100).toFixed(1)}% of a core`;
      console.log(`[held] 60 waits and 10 streams: the serving process used ${said}`);
      // The serving process alone used 5-7% (SQLite, PostgreSQL, beside a busy core); one poller per connection took
      // three quarters of a core for 300 of them, about 17% for these 70.
      expect(share, said).toBeLessThan(0.15);
    } finally {
      await busy.stop();
    }
  }, 180_000);
});
