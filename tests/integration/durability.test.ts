// Callbacks are rows in the database: a server killed with SIGKILL loses none;
// overdue callbacks go out as soon as a server is back on the same database.
// Both servers run on test clocks (lib/clock.ts): the first one's is held, so no
// callback falls due before the kill however long the requests take; the second
// one's is moved past every due time, instead of sleeping until they have passed.
import { afterAll, describe, expect, it, vi } from "vitest";
import { startReceiver } from "../helpers/receiver";
import { clientFor, ownDb } from "../helpers/own-server";
import { OWN_PASSWORD, setUpApp } from "../helpers/operator";
import { ownerView } from "../helpers/owner-view";
import { advanceClock, type RunningServer, startServer } from "../helpers/server";
import { startPortal } from "../helpers/portal";
import { LEASE_MS } from "@/lib/callbacks/dispatcher";

const servers: RunningServer[] = [];

/** A push to the portal at `origin` as the app of `token`. */
const pushTo = (origin: string, token: string, fields: { amount: number; reference: string; callbackUrl: string }, headers: Record<string, string> = {}) =>
  fetch(`${origin}/sandbox/collect/v1/push`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ shortCode: "1", currency: "KES", phoneNumber: "254712345678", ...fields }),
  });
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe("durability", () => {
  it("kill -9 with callbacks scheduled, start again: every callback arrives, once, after its due time", async () => {
    const db = await ownDb("durability");
    const receiver = await startReceiver();
    const first = await startServer({ databaseUrl: db.url, testClock: true });
    servers.push(first);
    const { appId, token, email } = await setUpApp(db.url, first.origin);
    await advanceClock(first.origin, 0, { hold: true }); // from here its time stands: nothing falls due

    const push = (amount: number, i: number) => pushTo(first.origin, token, { amount, reference: `D-${i}`, callbackUrl: receiver.url });
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => push([2, 1, 100][i % 3]!, i).then((r) => r.status)));
    expect(statuses).toEqual(Array(12).fill(202));
    await first.kill9(); // none is due: its clock stood still since before the requests
    expect(receiver.received).toHaveLength(0);

    // no server is running now: what the crash left behind is read in the database, in one statement
    const client = clientFor(db.url);
    const scheduled = await client.delivery.findMany({ where: { appId } });
    await client.$disconnect();
    expect(scheduled).toHaveLength(12);
    expect(scheduled.every((d) => d.state === "SCHEDULED")).toBe(true);

    const second = await startServer({ databaseUrl: db.url, testClock: true });
    servers.push(second);
    await advanceClock(second.origin, Math.max(...scheduled.map((d) => d.dueAt.getTime())) + 1); // all of them are overdue now
    const got = await receiver.waitFor(12, 20_000);
    const ids = got.map((g) => g.headers["x-svc-delivery"]);
    expect(new Set(ids).size).toBe(12);
    expect(ids.sort()).toEqual(scheduled.map((d) => d.id).sort());
    // as the app's owner reads them on the second server: each DELIVERED (nothing left to post) after one attempt,
    // made at or after its due time on the server's clock; none twice: the receiver got 12
    const owner = await ownerView({ appId, user: { email } }, OWN_PASSWORD, second.origin);
    const done = await vi.waitFor(async () => {
      const ds = await Promise.all(scheduled.map((d) => owner.delivery(d.id)));
      expect(ds.map((d) => d.state)).toEqual(Array(12).fill("DELIVERED"));
      expect(ds.every((d) => d.attemptLog.length > 0)).toBe(true); // each attempt is recorded just after its post
      return ds;
    }, { timeout: 10_000, interval: 100 });
    expect(done.map((d) => [d.attempts, d.attemptLog.length])).toEqual(Array(12).fill([1, 1]));
    for (const d of done) expect(Date.parse(d.attemptLog[0].at)).toBeGreaterThanOrEqual(Date.parse(d.dueAt));
    expect(receiver.received).toHaveLength(12);
    await receiver.close();
  });

  it("a callback still being posted when its lease runs out (a long wait, a clock moved on) is not posted again by the instance posting it", async () => {
    const db = await ownDb("durability_lease");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = await startReceiver((r) => (r.path === "/first" ? { status: 200, until: held } : { status: 200 }));
    const portal = await startPortal({ env: { DATABASE_URL: db.url } });
    try {
      const { appId, token, email } = await setUpApp(db.url, portal.origin);
      const push = (path: string, reference: string) => pushTo(portal.origin, token, { amount: 2, reference, callbackUrl: `${slow.url}${path}` }, { "x-svc-time-scale": "0" });
      expect((await push("/first", "L-1")).status).toBe(202);
      const first = await slow.first((r) => r.path === "/first"); // on its way: answered once the marker below has arrived
      portal.clock.advance(LEASE_MS + 1_000); // its lease is over on the portal's clock, which wakes the dispatcher
      expect((await push("/marker", "L-2")).status).toBe(202);
      await slow.first((r) => r.path === "/marker"); // claimed in the turn that found the lease over, or a later one
      release();
      const owner = await ownerView({ appId, user: { email } }, OWN_PASSWORD, portal.origin);
      const id = first.headers["x-svc-delivery"] as string;
      const d = await vi.waitFor(async () => {
        const d = await owner.delivery(id);
        expect(d.attemptLog.length).toBeGreaterThan(0); // recorded: answered (or given up after the 10 s wait, on a machine slower than that)
        return d;
      }, { timeout: 20_000, interval: 100 });
      expect([d.attempts, d.attemptLog.length]).toEqual([1, 1]);
      expect(slow.received.filter((r) => r.path === "/first")).toHaveLength(1);
    } finally {
      release();
      await portal.close();
      await slow.close();
    }
  });

  it("a callback replayed while this instance still posts its duplicate (the duplicate fault's second post) is posted again", async () => {
    const db = await ownDb("durability_replay");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let n = 0; // the first post fails, the duplicate waits, the replay is answered
    const rx = await startReceiver(() => (++n === 1 ? { status: 500 } : n === 2 ? { status: 200, until: held } : { status: 200 }));
    const portal = await startPortal({ env: { DATABASE_URL: db.url } });
    try {
      const { token } = await setUpApp(db.url, portal.origin);
      const dev = (method: string, path: string, body: unknown) =>
        fetch(`${portal.origin}/sandbox/dev/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect((await dev("PATCH", "/settings", { callbackFaults: { duplicate: true } })).status).toBe(200);
      const since = new Date(portal.clock.now() - 1000).toISOString();
      expect((await pushTo(portal.origin, token, { amount: 2, reference: "R-1", callbackUrl: rx.url }, { "x-svc-time-scale": "0" })).status).toBe(202);
      const [failed, duplicate] = await rx.waitFor(2); // the first post failed (and is recorded: FAILED); its duplicate is on its way
      const id = failed!.headers["x-svc-delivery"];
      expect(duplicate!.headers["x-svc-delivery"]).toBe(id);
      const replay = await dev("POST", "/deliveries/replay", { since });
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as { replayed: string[] }).replayed).toEqual([id]);
      const [, , again] = await rx.waitFor(3); // the replay: scheduled again, posted though the duplicate is still on its way
      expect(again!.headers["x-svc-delivery"]).toBe(id);
    } finally {
      release();
      await portal.close();
      await rx.close();
    }
  });
});
