// The shared row statements (lib/rows) on each database, run through
// Prisma as lib/throttle.ts and lib/services run them: throttle counters
// (exact under concurrency on two clients), the row locks, a throwaway
// sandbox's insert and its limit, a setting stored once, the sweeper's batches
// and a reset's wipe (the list of an app's tables is held to the schema by
// tests/unit/app-tables.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBatches, insertSandbox, insertSettingOnce, lockApp, lockTeam, lockUser, pruneThrottles, refundThrottle, takeThrottle, wipeAppRows } from "@/lib/rows";
import { sweepBatches } from "@/lib/callbacks/store/statements";
import { clientFor } from "@/lib/db/prisma";
import { rawStatement } from "@/lib/db/raw";
import { DIALECTS, freshDb, seedApp, uid, type TestDb } from "./databases";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(DIALECTS)("the shared row statements on %s", (dialect) => {
  let db: TestDb;
  let second: TestDb["prisma"];
  beforeAll(async () => {
    db = await freshDb(dialect, "rows");
    // Another instance's client on PostgreSQL; on SQLite one process owns the file (tests/store/databases.ts).
    second = dialect === "postgresql" ? clientFor(db.url) : db.prisma;
  });
  afterAll(async () => {
    if (second !== db?.prisma) await second?.$disconnect();
    await db?.close();
  });

  describe("throttle counters", () => {
    const count = (key: string, window: number, n = 1) => ({ key, window, n, expiresAt: at((window + 1) * 60_000) });

    it("counts in a window, starts over in a newer one, and a late request of an older window counts in the newer", async () => {
      const key = uid("k");
      expect(await takeThrottle(db.prisma, count(key, 1), dialect)).toBe(1);
      expect(await takeThrottle(db.prisma, count(key, 1, 3), dialect)).toBe(4);
      expect(await takeThrottle(db.prisma, count(key, 2), dialect)).toBe(1);
      expect(await takeThrottle(db.prisma, count(key, 1), dialect)).toBe(2);
      expect(await db.prisma.throttle.findUniqueOrThrow({ where: { key } })).toMatchObject({ window: 2, count: 2, expiresAt: at(3 * 60_000) });
    });

    it("a refund gives back in its window only, never below 0", async () => {
      const key = uid("k");
      await takeThrottle(db.prisma, count(key, 5, 3), dialect);
      expect(await refundThrottle(db.prisma, { key, window: 4, n: 1 }, dialect)).toBe(0);
      expect(await refundThrottle(db.prisma, { key, window: 5, n: 2 }, dialect)).toBe(1);
      expect((await db.prisma.throttle.findUniqueOrThrow({ where: { key } })).count).toBe(1);
      await refundThrottle(db.prisma, { key, window: 5, n: 5 }, dialect);
      expect((await db.prisma.throttle.findUniqueOrThrow({ where: { key } })).count).toBe(0);
    });

    it("40 takes at once on two clients get the counts 1 to 40, each once", async () => {
      const key = uid("k");
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => takeThrottle(i % 2 ? second : db.prisma, count(key, 7), dialect)));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it("the prune deletes the rows of ended windows only", async () => {
      const [old, live] = [uid("k"), uid("k")];
      await takeThrottle(db.prisma, { key: old, window: 1, n: 1, expiresAt: at(-1) }, dialect);
      await takeThrottle(db.prisma, { key: live, window: 1, n: 1, expiresAt: at(1) }, dialect);
      await pruneThrottles(db.prisma, T0, dialect);
      expect(await db.prisma.throttle.count({ where: { key: { in: [old, live] } } })).toBe(1);
      expect(await db.prisma.throttle.findUnique({ where: { key: live } })).not.toBeNull();
    });
  });

  describe("row locks", () => {
    it("lock an app's, a user's or a team's row (1), and find none for an unknown id (0)", async () => {
      const { appId } = await seedApp(db.prisma);
      const app = await db.prisma.app.findUniqueOrThrow({ where: { id: appId } });
      expect(await lockApp(db.prisma, appId, dialect)).toBe(1);
      expect(await lockApp(db.prisma, uid("app"), dialect)).toBe(0);
      const team = await db.prisma.team.findUniqueOrThrow({ where: { id: app.teamId } });
      expect(await lockUser(db.prisma, team.personalOf!, dialect)).toBe(1);
      expect(await lockUser(db.prisma, uid("usr"), dialect)).toBe(0);
      expect(await lockTeam(db.prisma, app.teamId, dialect)).toBe(1);
      expect(await lockTeam(db.prisma, uid("team"), dialect)).toBe(0);
      expect(await db.prisma.app.findUniqueOrThrow({ where: { id: appId } })).toEqual(app);
    });
  });

  describe("a throwaway sandbox's insert", () => {
    const rows = (parentId: string, limit: number, now = T0) => {
      const appId = uid("app");
      return {
        parentId, appId, name: "sbx", parentInspector: `http://x/inspect/${parentId}`, childInspector: `http://x/inspect/${appId}`, signingSecret: "whsec_c",
        expiresAt: at(60_000), now, limit, key: { id: uid("kp"), consumerKey: uid("ck"), secretHash: "h", label: "sandbox" },
      };
    };

    it("copies the parent's row and subscriptions, adds its key pair, and not past the limit of live children", async () => {
      const { appId: parentId } = await seedApp(db.prisma, { subscriptions: { collect: "ACTIVE" }, timeScale: 0.5 });
      await db.prisma.app.update({ where: { id: parentId }, data: { callbackUrl: `http://x/inspect/${parentId}` } });
      const child = rows(parentId, 1);
      expect(await db.prisma.$transaction([lockApp(db.prisma, parentId, dialect), ...insertSandbox(db.prisma, child, dialect)])).toEqual([1, 1, 1, 1]);
      expect(await db.prisma.app.findUniqueOrThrow({ where: { id: child.appId }, include: { subscriptions: true, keyPairs: true } })).toMatchObject({
        parentAppId: parentId, timeScale: 0.5, callbackUrl: child.childInspector, expiresAt: at(60_000), createdAt: T0,
        subscriptions: [{ group: "collect", status: "ACTIVE" }], keyPairs: [{ id: child.key.id, label: "sandbox" }],
      });
      const refused = rows(parentId, 1);
      expect(await db.prisma.$transaction([...insertSandbox(db.prisma, refused, dialect)])).toEqual([0, 0, 0]);
      // Once the first has ended, there is room again.
      expect(await db.prisma.$transaction([...insertSandbox(db.prisma, rows(parentId, 1, at(60_000)), dialect)])).toEqual([1, 1, 1]);
    });

    it("of 10 creations at once on two clients under the parent's lock, exactly the limit are inserted", async () => {
      const { appId: parentId } = await seedApp(db.prisma);
      const made = await Promise.all(Array.from({ length: 10 }, (_, i) => {
        const c = i % 2 ? second : db.prisma;
        return c.$transaction([lockApp(c, parentId, dialect), ...insertSandbox(c, rows(parentId, 3), dialect)]);
      }));
      expect(made.filter((r) => r[1] === 1)).toHaveLength(3);
      expect(await db.prisma.app.count({ where: { parentAppId: parentId } })).toBe(3);
    });
  });

  describe("the sweeper's batches", () => {
    it("delete every row of the app, a batch at a time, and no other app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma, { subscriptions: { collect: "ACTIVE", pay: "ACTIVE" } }), await seedApp(db.prisma)];
      for (const id of [appId, other.appId]) {
        await db.prisma.receiverCheck.create({ data: { id: uid("chk"), appId: id, url: "http://x", operationId: "collect.push", status: "PASSED", cases: "[]" } });
        await db.prisma.receiverCheck.create({ data: { id: uid("chk"), appId: id, url: "http://x", operationId: "collect.push", status: "PASSED", cases: "[]" } });
      }
      const batches = appBatches(dialect, sweepBatches(dialect)).map((b) => ({ table: b.table, run: rawStatement(b.statement, db.prisma, dialect) }));
      const deleted: Record<string, number[]> = {};
      for (const b of batches) {
        for (;;) {
          const n = await b.run({ appId, batch: 1 });
          (deleted[b.table] ??= []).push(n);
          if (n < 1) break;
        }
      }
      expect(deleted).toMatchObject({ AccessToken: [1, 0], KeyPair: [1, 0], ReceiverCheck: [1, 1, 0], Subscription: [1, 1, 0] });
      expect(await db.prisma.receiverCheck.count({ where: { appId } })).toBe(0);
      expect(await db.prisma.receiverCheck.count({ where: { appId: other.appId } })).toBe(2);
      expect(await db.prisma.subscription.count({ where: { appId } })).toBe(0);
    });
  });

  describe("a setting stored once", () => {
    it("keeps the first value under its key; of 10 writes at once on two clients one is stored", async () => {
      const key = uid("setting");
      expect(await insertSettingOnce(db.prisma, key, "first", dialect)).toBe(1);
      expect(await insertSettingOnce(db.prisma, key, "second", dialect)).toBe(0);
      expect((await db.prisma.setting.findUniqueOrThrow({ where: { key } })).value).toBe("first");
      const raced = uid("setting");
      const stored = await Promise.all(Array.from({ length: 10 }, (_, i) => insertSettingOnce(i % 2 ? second : db.prisma, raced, `v${i}`, dialect)));
      expect(stored.filter((n) => n === 1)).toHaveLength(1);
      expect((await db.prisma.setting.findUniqueOrThrow({ where: { key: raced } })).value).toBe(`v${stored.indexOf(1)}`);
    });
  });

  describe("a reset's wipe", () => {
    it("deletes the app's rows of the table in one statement, and no other app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      for (const id of [appId, appId, other.appId]) {
        await db.prisma.faultPlanCount.create({ data: { appId: id, operationId: uid("op"), count: 1 } });
      }
      expect(await db.prisma.$transaction([wipeAppRows(db.prisma, "FaultPlanCount", appId, dialect)])).toEqual([2]);
      expect(await db.prisma.faultPlanCount.count({ where: { appId } })).toBe(0);
      expect(await db.prisma.faultPlanCount.count({ where: { appId: other.appId } })).toBe(1);
    });
  });
});
