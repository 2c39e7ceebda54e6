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

    const push = (amount: number, i: number) =>
      fetch(`${first.origin}/sandbox/collect/v1/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ shortCode: "1", amount, currency: "KES", phoneNumber: "254712345678", reference: `D-${i}`, callbackUrl: receiver.url }),
      });
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
    const slow = await startReceiver(() => ({ status: 200, delayMs: 4_000 }));
    const portal = await startPortal({ env: { DATABASE_URL: db.url } });
    try {
      const { appId, token, email } = await setUpApp(db.url, portal.origin);
      const push = (path: string, reference: string) =>
        fetch(`${portal.origin}/sandbox/collect/v1/push`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
          body: JSON.stringify({ shortCode: "1", amount: 2, currency: "KES", phoneNumber: "254712345678", reference, callbackUrl: `${slow.url}${path}` }),
        });
      expect((await push("/first", "L-1")).status).toBe(202);
      const first = await slow.first((r) => r.path === "/first"); // on its way: answered in 4 s
      portal.clock.advance(LEASE_MS + 1_000); // its lease is over on the portal's clock, which wakes the dispatcher
      expect((await push("/marker", "L-2")).status).toBe(202);
      await slow.first((r) => r.path === "/marker"); // claimed in the turn that found the lease over, or a later one
      const owner = await ownerView({ appId, user: { email } }, OWN_PASSWORD, portal.origin);
      const id = first.headers["x-svc-delivery"] as string;
      const d = await vi.waitFor(async () => {
        const d = await owner.delivery(id);
        expect(d.state).toBe("DELIVERED");
        return d;
      }, { timeout: 20_000, interval: 100 });
      expect([d.attempts, d.attemptLog.length]).toEqual([1, 1]);
      expect(slow.received.filter((r) => r.path === "/first")).toHaveLength(1);
    } finally {
      await portal.close();
      await slow.close();
    }
  });
});
