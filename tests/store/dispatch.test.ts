// The dispatcher's store (lib/callbacks/store), every method, on each
// database: the same tests on SQLite and PostgreSQL (tests/store/databases.ts),
// deliveries seeded and read back through Prisma as the console and resend do.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeHostBudget } from "@/lib/callbacks/host-budget";
import { ranges, routeFor, type Policy, type Resolver } from "@/lib/callbacks/policy";
import { newDelivery } from "@/lib/callbacks/schedule";
import { config } from "@/lib/runtime";
import { type AttemptRecord, dispatchStoreOn } from "@/lib/callbacks/store";
import { closeHotPath, openHotPath } from "@/lib/db/hot-path";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DIALECTS, freshDb, logRow, resourceRow, seedApp, uid, type SeededApp, type TestDb } from "./databases";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE_MS = 12_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const outcome = (o: Partial<AttemptRecord> = {}): AttemptRecord => ({
  status: 200, error: null, durationMs: 12, responseBody: "ok", headers: { "x-svc-delivery": "dlv" }, url: "http://127.0.0.1:9/cb", note: null, ...o,
});

describe.each(DIALECTS)("the dispatcher's store on %s", (dialect) => {
  let db: TestDb;
  let app: SeededApp;
  const previousSecretExpiresAt = new Date("2030-01-02T03:04:05.678Z");

  beforeAll(async () => {
    db = await freshDb(dialect, "dispatch");
    app = await seedApp(db.prisma, { previousSigningSecret: { secret: "whsec_previous", expiresAt: previousSecretExpiresAt } });
  });
  afterAll(async () => {
    await db?.close();
  });
  // A claim takes any app's due rows: each test starts without deliveries.
  beforeEach(async () => {
    await db.prisma.delivery.deleteMany({});
  });

  async function addDelivery(o: Partial<Prisma.DeliveryUncheckedCreateInput> = {}) {
    return db.prisma.delivery.create({
      data: {
        id: uid("dlv"), appId: app.appId, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb",
        body: '{"ok":true}', dueAt: T0, state: "SCHEDULED", ...o,
      },
    });
  }

  describe("claimDue", () => {
    it("claims a due delivery for the lease, with its app's signing secrets and its faults", async () => {
      const d = await addDelivery({ faults: '{"duplicate":true}' });
      const lease = at(LEASE_MS);
      expect(await db.dispatch.claimDue(at(0), lease, 10)).toEqual({
        seen: 1,
        toSend: [{
          id: d.id, url: d.url, body: d.body, faults: { duplicate: true }, replay: false, delayed: false, dueAt: d.dueAt,
          app: { signingSecret: app.signingSecret, previousSigningSecret: "whsec_previous", previousSecretExpiresAt },
        }],
      });
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "SENDING", leaseUntil: lease });
    });

    it("leaves a delivery not due yet, and those sent, failed or not sent", async () => {
      const later = await addDelivery({ dueAt: at(1) });
      for (const state of ["DELIVERED", "FAILED", "NOT_SENT"]) await addDelivery({ state });
      expect(await db.dispatch.claimDue(at(0), at(LEASE_MS), 10)).toEqual({ toSend: [], seen: 0 });
      expect((await db.prisma.delivery.findUniqueOrThrow({ where: { id: later.id } })).state).toBe("SCHEDULED");
    });

    it("does not claim a claimed delivery again until its lease runs out, then does (a process died mid-send)", async () => {
      const d = await addDelivery();
      const lease = at(LEASE_MS);
      expect((await db.dispatch.claimDue(at(0), lease, 10)).seen).toBe(1);
      expect(await db.dispatch.claimDue(at(5_000), at(5_000 + LEASE_MS), 10)).toEqual({ toSend: [], seen: 0 });
      expect(await db.dispatch.claimDue(lease, at(2 * LEASE_MS), 10)).toEqual({ toSend: [], seen: 0 });
      const again = await db.dispatch.claimDue(at(LEASE_MS + 1), at(2 * LEASE_MS + 1), 10);
      expect(again.toSend.map((s) => s.id)).toEqual([d.id]);
      expect((await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).leaseUntil).toEqual(at(2 * LEASE_MS + 1));
    });

    it("posts a replay to its replay address, as a replay", async () => {
      const d = await addDelivery({ replayUrl: "http://127.0.0.1:9/elsewhere", attempts: 1 });
      const { toSend } = await db.dispatch.claimDue(at(0), at(LEASE_MS), 10);
      expect(toSend).toMatchObject([{ id: d.id, url: "http://127.0.0.1:9/elsewhere", replay: true, faults: null }]);
    });

    it("claims the earliest first, at most `limit`", async () => {
      const [late, early, middle] = [await addDelivery({ dueAt: at(-1_000) }), await addDelivery({ dueAt: at(-3_000) }), await addDelivery({ dueAt: at(-2_000) })];
      const { toSend, seen } = await db.dispatch.claimDue(at(0), at(LEASE_MS), 2);
      expect(seen).toBe(2);
      expect(toSend.map((s) => s.id).sort()).toEqual([early.id, middle.id].sort());
      expect((await db.prisma.delivery.findUniqueOrThrow({ where: { id: late.id } })).state).toBe("SCHEDULED");
    });

    it("counts a due delivery without an address as seen, claims it, and sends nothing", async () => {
      const d = await addDelivery({ url: null });
      expect(await db.dispatch.claimDue(at(0), at(LEASE_MS), 10)).toEqual({ toSend: [], seen: 1 });
      expect((await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("SENDING");
    });

    it("gives each due delivery to one claimer when two instances claim at once", async () => {
      const ids = [];
      for (let i = 0; i < 10; i++) ids.push((await addDelivery({ dueAt: at(-i) })).id);
      const claims = await Promise.all([db, db.other, db, db.other].map((x) => x.dispatch.claimDue(at(0), at(LEASE_MS), 10)));
      const claimed = claims.flatMap((c) => c.toSend.map((s) => s.id));
      expect(claimed.sort()).toEqual(ids.sort());
    });

    it.runIf(dialect === "postgresql")("skips a delivery another instance is claiming, without waiting for it", async () => {
      const [busy, free] = [await addDelivery({ dueAt: at(-2) }), await addDelivery({ dueAt: at(-1) })];
      await db.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT "id" FROM "Delivery" WHERE "id" = ${busy.id} FOR UPDATE`; // another instance's claim in flight
        const { toSend } = await db.dispatch.claimDue(at(0), at(LEASE_MS), 10);
        expect(toSend.map((s) => s.id)).toEqual([free.id]);
      }, { timeout: 5_000 });
      expect((await db.dispatch.claimDue(at(0), at(LEASE_MS), 10)).toSend.map((s) => s.id)).toEqual([busy.id]);
    });

    it("claims what the gateway's commit scheduled (both stores read each other's dates)", async () => {
      const d = newDelivery({ appId: app.appId, resourceId: null, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb", dueAt: at(0), body: {} }, at(-1));
      await db.gateway.commit({ delivery: d, log: logRow(app.appId) });
      expect(await db.dispatch.claimDue(at(-1), at(LEASE_MS), 10)).toEqual({ toSend: [], seen: 0 });
      expect((await db.dispatch.claimDue(at(0), at(LEASE_MS), 10)).toSend.map((s) => s.id)).toEqual([d.id]);
    });
  });

  describe("nextDue", () => {
    it("is null when nothing is scheduled", async () => {
      for (const state of ["SENDING", "DELIVERED", "FAILED"]) await addDelivery({ state });
      expect(await db.dispatch.nextDue()).toBeNull();
    });

    it("is the earliest scheduled due time", async () => {
      await addDelivery({ dueAt: at(5_000) });
      await addDelivery({ dueAt: at(-9_000), state: "SENDING" });
      await addDelivery({ dueAt: at(2_000) });
      expect(await db.dispatch.nextDue()).toEqual(at(2_000));
    });
  });

  describe("recordAttempt", () => {
    async function claimed(o: Partial<Prisma.DeliveryUncheckedCreateInput> = {}) {
      const d = await addDelivery(o);
      await db.dispatch.claimDue(at(0), at(LEASE_MS), 10);
      return d;
    }
    const attempts = (deliveryId: string) => db.prisma.deliveryAttempt.findMany({ where: { deliveryId }, orderBy: { id: "asc" } });

    it("records the attempt as posted and settles the delivery as delivered", async () => {
      const d = await claimed();
      const o = outcome({ headers: { "x-svc-delivery": d.id, "webhook-id": d.id }, note: "second post (duplicate fault)" });
      await db.dispatch.recordAttempt(d.id, at(1_000), o);
      expect(await attempts(d.id)).toEqual([{
        id: expect.any(Number), deliveryId: d.id, at: at(1_000), status: 200, error: null, durationMs: 12, responseBody: "ok",
        url: o.url, note: o.note, headers: JSON.stringify(o.headers),
      }]);
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
        state: "DELIVERED", attempts: 1, lastStatus: 200, lastError: null, leaseUntil: null,
      });
    });

    it("settles a failed post as failed, with its error; a second attempt counts", async () => {
      const d = await claimed();
      await db.dispatch.recordAttempt(d.id, at(1_000), outcome({ status: null, error: "connection refused", responseBody: null }));
      await db.dispatch.recordAttempt(d.id, at(2_000), outcome({ status: 500, error: "HTTP 500", responseBody: "boom" }));
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
        state: "FAILED", attempts: 2, lastStatus: 500, lastError: "HTTP 500",
      });
      expect((await attempts(d.id)).map((a) => [a.status, a.error])).toEqual([[null, "connection refused"], [500, "HTTP 500"]]);
    });

    it("clears the replay address it was posted to", async () => {
      const d = await claimed({ replayUrl: "http://127.0.0.1:9/elsewhere" });
      await db.dispatch.recordAttempt(d.id, at(1_000), outcome({ url: "http://127.0.0.1:9/elsewhere" }));
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ replayUrl: null, state: "DELIVERED" });
    });

    it("records nothing for a delivery deleted meanwhile (the app was reset while it was posted)", async () => {
      const d = await claimed();
      await db.prisma.delivery.delete({ where: { id: d.id } });
      await expect(db.dispatch.recordAttempt(d.id, at(1_000), outcome())).resolves.toBeUndefined();
      expect(await db.prisma.deliveryAttempt.count({ where: { deliveryId: d.id } })).toBe(0);
    });

    it("leaves a delivery scheduled again meanwhile (a replay) scheduled, with its lease and replay address", async () => {
      const d = await claimed();
      const replay = { state: "SCHEDULED", dueAt: at(3_000), leaseUntil: at(500), replayUrl: "http://127.0.0.1:9/replay" };
      await db.prisma.delivery.update({ where: { id: d.id }, data: replay });
      await db.dispatch.recordAttempt(d.id, at(1_000), outcome({ status: null, error: "connection refused" }));
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
        ...replay, attempts: 1, lastError: "connection refused",
      });
      expect(await attempts(d.id)).toHaveLength(1);
    });

    it("records a response body holding NUL", async () => {
      const d = await claimed();
      await db.dispatch.recordAttempt(d.id, at(1_000), outcome({ responseBody: "a\u0000b" }));
      // PostgreSQL text cannot hold NUL: it keeps U+FFFD instead (lib/db/pg.ts withoutNul).
      expect((await attempts(d.id))[0]!.responseBody).toBe(dialect === "postgresql" ? "a\uFFFDb" : "a\u0000b");
    });

    it("records attempts asked for at once, each on its own delivery; the same delivery twice counts twice; a deleted one records nothing", async () => {
      const [a, b, gone] = [await addDelivery(), await addDelivery(), await addDelivery()];
      await db.dispatch.claimDue(at(0), at(LEASE_MS), 10);
      await db.prisma.delivery.delete({ where: { id: gone.id } });
      // One turn of the event loop: PostgreSQL writes them in one statement, SQLite in one group commit.
      await Promise.all([
        db.dispatch.recordAttempt(a.id, at(1_000), outcome({ status: 200 })),
        db.dispatch.recordAttempt(b.id, at(1_000), outcome({ status: null, error: "connection refused", responseBody: null })),
        db.dispatch.recordAttempt(gone.id, at(1_000), outcome()),
        db.dispatch.recordAttempt(a.id, at(2_000), outcome({ status: 503, error: "HTTP 503", note: "second post (duplicate fault)" })),
      ]);
      const state = async (id: string) => {
        const d = await db.prisma.delivery.findUniqueOrThrow({ where: { id } });
        return [d.state, d.attempts, d.lastStatus, d.lastError];
      };
      expect(await state(a.id)).toEqual(["FAILED", 2, 503, "HTTP 503"]);
      expect(await state(b.id)).toEqual(["FAILED", 1, null, "connection refused"]);
      expect((await attempts(a.id)).map((x) => [x.at, x.status, x.note])).toEqual([[at(1_000), 200, null], [at(2_000), 503, "second post (duplicate fault)"]]);
      expect((await attempts(b.id)).map((x) => x.error)).toEqual(["connection refused"]);
      expect(await db.prisma.deliveryAttempt.count({ where: { deliveryId: gone.id } })).toBe(0);
    });
  });

  // The portal-wide budget per destination host (lib/callbacks/host-budget.ts): its count, and a post it puts off.
  describe("takeHostPosts and delay", () => {
    const WINDOW = Math.floor(T0.getTime() / 60_000);
    const posts = (key: string, n = 1, window = WINDOW) => ({ key, n, window, expiresAt: new Date((window + 1) * 60_000) });

    it("counts a host's posts in its minute exactly when two instances count at once; another host apart; a new minute starts over", async () => {
      const [host, other] = [uid("host"), uid("host")];
      const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? db.other : db).dispatch.takeHostPosts(posts(host))));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await db.dispatch.takeHostPosts(posts(other, 2))).toBe(2);
      expect(await db.other.dispatch.takeHostPosts(posts(host, 2))).toBe(32);
      expect(await db.dispatch.takeHostPosts(posts(host, 1, WINDOW + 1))).toBe(1);
      // A late count from the older minute (another instance's clock) counts in the newer one.
      expect(await db.other.dispatch.takeHostPosts(posts(host, 1, WINDOW))).toBe(2);
    });

    it.runIf(dialect === "postgresql")("counts the posts of one turn to one host in one statement, each answered its own consecutive count", async () => {
      // Every post to a host updates that host's one counter row: one statement each would queue each post behind the
      // previous one's commit (bench/pg-statements.ts measured it as most of PostgreSQL's time on the push path).
      const h = openHotPath(db.url, 4);
      if (h.dialect !== "postgresql") throw new Error("a PostgreSQL hot path");
      // The statements the store sends, by name.
      const sent: string[] = [];
      const query = h.pool.query.bind(h.pool) as (...a: unknown[]) => unknown;
      h.pool.query = ((q: { name?: string }, ...rest: unknown[]) => {
        sent.push(q.name ?? "?");
        return query(q, ...rest);
      }) as typeof h.pool.query;
      try {
        const store = dispatchStoreOn(h);
        const [host, other] = [uid("host"), uid("host")];
        const ns = [1, 2, 1, 1, 2, 1, 1, 1];
        const counts = await Promise.all([...ns.map((n) => store.takeHostPosts(posts(host, n))), store.takeHostPosts(posts(other, 3))]);
        expect(counts).toEqual([1, 3, 4, 5, 7, 8, 9, 10, 3]);
        expect(sent.filter((n) => n === "svc_take_host_posts")).toHaveLength(2); // one per host
        expect(await db.other.dispatch.takeHostPosts(posts(host))).toBe(11);
      } finally {
        await closeHotPath(h);
      }
    });

    it("delay schedules a claimed delivery again with its reason; it is claimed at that time as delayed, and its attempt clears the reason", async () => {
      const d = await addDelivery({ replayUrl: "http://127.0.0.1:9/elsewhere", attempts: 1 });
      expect((await db.dispatch.claimDue(at(0), at(LEASE_MS), 10)).toSend.map((s) => s.id)).toEqual([d.id]);
      await db.other.dispatch.delay(d.id, at(60_000), "the host's budget is spent");
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
        state: "SCHEDULED", dueAt: at(60_000), leaseUntil: null, delayReason: "the host's budget is spent", attempts: 1, replayUrl: "http://127.0.0.1:9/elsewhere",
      });
      expect(await db.dispatch.nextDue()).toEqual(at(60_000));
      expect(await db.dispatch.claimDue(at(59_999), at(59_999 + LEASE_MS), 10)).toEqual({ toSend: [], seen: 0 });
      const { toSend } = await db.dispatch.claimDue(at(60_000), at(60_000 + LEASE_MS), 10);
      expect(toSend).toMatchObject([{ id: d.id, url: "http://127.0.0.1:9/elsewhere", delayed: true, replay: true }]);
      await db.dispatch.recordAttempt(d.id, at(60_100), outcome());
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "DELIVERED", attempts: 2, delayReason: null, replayUrl: null });
    });

    it("the budget of a hosted route keys on the host's address, an IPv6 one by its /64: addresses of one /64 share it, another /64 has its own", async () => {
      const resolve: Resolver = async (host) => [{ address: ({ a: "2600:1f18:7:1::10", b: "2600:1f18:7:1:ffff::99", c: "2600:1f18:7:2::10" } as Record<string, string>)[host.split(".")[0]!]!, family: 6 }];
      const hosted: Policy = { hosted: true, resolve, ownOrigin: "https://sandbox.example.com", blocked: ranges(), ports: null, ownAddresses: async () => new Set() };
      const [a, b, c] = await Promise.all(["https://a.example/cb", "https://b.example/cb", "https://c.example/cb"].map((u) => routeFor(u, hosted)));
      const now = T0.getTime() + 5_000;
      const limit = config.callbacksPerHostPerMinute;
      expect(await takeHostBudget(a!, limit, now, db.dispatch)).toBeNull();
      expect(await takeHostBudget(b!, 1, now, db.other.dispatch)).toEqual({
        until: at(60_000), reason: `2600:1f18:7:1::/64 has had the ${limit} callbacks a minute one destination host takes from this portal (all apps together)`,
      });
      expect(await takeHostBudget(c!, 1, now, db.dispatch)).toBeNull();
      expect(await takeHostBudget(b!, 1, T0.getTime() + 60_000, db.dispatch)).toBeNull();
    });

    it("delay also schedules a delivery that was sent (a resend put off)", async () => {
      const d = await addDelivery({ state: "FAILED", attempts: 1, lastError: "HTTP 500" });
      await db.dispatch.delay(d.id, at(60_000), "later");
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "SCHEDULED", dueAt: at(60_000), delayReason: "later" });
    });
  });

  describe("onScheduled", () => {
    const commitDelivery = async (url: string | null, dueAt: Date) => {
      const d = newDelivery({ appId: app.appId, resourceId: null, operationId: "collect.push", scenarioKey: "paid", url, dueAt, body: {} }, new Date());
      await db.gateway.commit({ delivery: d, log: logRow(app.appId) });
      return d;
    };

    it.runIf(dialect === "postgresql")("wakes another instance when a commit schedules a callback, until stopped", async () => {
      const woke: Date[] = [];
      const stop = await db.other.dispatch.onScheduled((dueAt) => woke.push(dueAt));
      await commitDelivery(null, at(1)); // not sent: nobody is told
      await commitDelivery("http://127.0.0.1:9/cb", at(7_000));
      for (let waited = 0; woke.length === 0 && waited < 5_000; waited += 20) await sleep(20);
      await sleep(200);
      expect(woke).toEqual([at(7_000)]);
      await stop();
      await commitDelivery("http://127.0.0.1:9/cb", at(8_000));
      await sleep(300);
      expect(woke).toHaveLength(1);
    });

    it.runIf(dialect === "postgresql")("a guarded commit announces its callback when it writes, and nothing when the reference was taken", async () => {
      const woke: Date[] = [];
      const stop = await db.other.dispatch.onScheduled((dueAt) => woke.push(dueAt));
      const guard = { operationId: "collect.push", reference: uid("ref") };
      const withResource = (dueAt: Date) => {
        const resource = resourceRow(app.appId, { reference: guard.reference });
        const delivery = newDelivery({ appId: app.appId, resourceId: resource.id, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb", dueAt, body: {} }, new Date());
        return db.gateway.commit({ resource, delivery, log: logRow(app.appId) }, guard);
      };
      expect(await withResource(at(9_000))).toBe(true);
      expect(await withResource(at(9_500))).toBe(false);
      for (let waited = 0; woke.length === 0 && waited < 5_000; waited += 20) await sleep(20);
      await sleep(300);
      expect(woke).toEqual([at(9_000)]);
      await stop();
    });

    it.runIf(dialect === "sqlite")("has nothing to listen to (one process owns the file and wakes its own dispatcher) and stops", async () => {
      const woke: Date[] = [];
      const stop = await db.dispatch.onScheduled((dueAt) => woke.push(dueAt));
      await commitDelivery("http://127.0.0.1:9/cb", at(7_000));
      await sleep(100);
      expect(woke).toEqual([]);
      await expect(stop()).resolves.toBeUndefined();
    });
  });
});
