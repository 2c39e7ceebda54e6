// The Delivery transitions off the hot paths (lib/callbacks/store/deliveries.ts
// and the sweeper's batches, statements.ts `sweepBatches`), on each database,
// run through Prisma as the services run them and read back as the console
// and the dispatcher read them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDelivery } from "@/lib/callbacks/schedule";
import { deleteDeliveriesOf, deliveryRow, endResendLease, replayDelivery, scheduleDelivery, takeResendLease } from "@/lib/callbacks/store/deliveries";
import { sweepBatches } from "@/lib/callbacks/store/statements";
import { deliveriesOfResource, deliveryWithAttempts } from "@/lib/activity/delivery-read";
import { getDelivery } from "@/lib/activity/deliveries";
import { resourceTimeline } from "@/lib/activity/timeline";
import { sqliteAdapter, type Db } from "@/lib/db/prisma";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { rawStatement } from "@/lib/db/raw";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DIALECTS, freshDb, logRow, resourceRow, seedApp, uid, type TestDb } from "./databases";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(DIALECTS)("the Delivery transitions on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "deliveries");
  });
  afterAll(async () => {
    await db?.close();
  });

  async function addDelivery(appId: string, o: Partial<Prisma.DeliveryUncheckedCreateInput> = {}) {
    return db.prisma.delivery.create({
      data: { id: uid("dlv"), appId, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb", body: "{}", dueAt: T0, state: "FAILED", ...o },
    });
  }
  const row = (id: string) => db.prisma.delivery.findUniqueOrThrow({ where: { id } });

  describe("scheduleDelivery (a held resource's resolve)", () => {
    const scheduled = (appId: string, url: string | null = "http://127.0.0.1:9/cb") =>
      newDelivery({ appId, resourceId: null, operationId: "collect.push", scenarioKey: "paid", url, dueAt: at(0), body: { ok: true } }, at(-1));

    it("writes the row in the caller's transaction, and the dispatcher claims it when due", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = scheduled(appId);
      await db.prisma.$transaction(async (tx) => {
        expect(await scheduleDelivery(tx, d, dialect)).toBe(1);
      });
      expect(await row(d.id)).toMatchObject({ state: "SCHEDULED", dueAt: at(0), createdAt: at(-1), body: '{"ok":true}', attempts: 0, leaseUntil: null });
      expect((await db.dispatch.claimDue(at(0), at(12_000), 200)).toSend.map((s) => s.id)).toContain(d.id);
    });

    it("writes nothing when the transaction rolls back", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = scheduled(appId, null);
      await expect(db.prisma.$transaction(async (tx) => {
        await scheduleDelivery(tx, d, dialect);
        throw new Error("the resolve lost");
      })).rejects.toThrow("the resolve lost");
      expect(await db.prisma.delivery.count({ where: { appId } })).toBe(0);
    });
  });

  describe("deliveryRow (the one way a call and a resolve make a delivery)", () => {
    const callback = (appId: string) => ({ appId, resourceId: null, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb", dueAt: at(5_000), body: { ok: true } });
    const written = async (appId: string, o: Parameters<typeof deliveryRow>[1]) => {
      const viaResolve = deliveryRow(callback(appId), o);
      await db.prisma.$transaction(async (tx) => {
        await scheduleDelivery(tx, viaResolve, dialect);
      });
      const viaCall = deliveryRow(callback(appId), o);
      expect(await db.gateway.commit({ delivery: viaCall, log: logRow(appId) })).toBe(true);
      const pick = ({ state, dueAt, faults, lastError, createdAt }: { state: string; dueAt: Date; faults: string | null; lastError: string | null; createdAt: Date }) =>
        ({ state, dueAt, faults, lastError, createdAt });
      const [a, b] = [pick(await row(viaResolve.id)), pick(await row(viaCall.id))];
      expect(a).toEqual(b);
      return a;
    };

    it("keeps the app's callback faults on the row, the extra delay moving its due time, through the gateway's commit and a resolve's alike", async () => {
      const { appId } = await seedApp(db.prisma);
      expect(await written(appId, { now: at(0), appCallbackFaults: '{"extraDelayMs":1500,"badSignature":true}' })).toEqual({
        state: "SCHEDULED", dueAt: at(6_500), faults: '{"badSignature":true,"extraDelayMs":1500}', lastError: null, createdAt: at(0),
      });
    });

    it("applies the call's gateway fault after them: lost_callback is not sent on purpose, early_callback is due at once", async () => {
      const { appId } = await seedApp(db.prisma);
      expect(await written(appId, { now: at(0), appCallbackFaults: '{"extraDelayMs":1500}', gatewayFault: "never" })).toMatchObject({
        state: "NOT_SENT", lastError: expect.stringContaining("on purpose (X-Svc-Fault: lost_callback)"),
      });
      expect(await written(appId, { now: at(0), appCallbackFaults: '{"extraDelayMs":1500}', gatewayFault: "early" })).toMatchObject({ state: "SCHEDULED", dueAt: at(0) });
    });
  });

  describe("deliveryWithAttempts, deliveriesOfResource (the console's reads: a delivery and its attempts in one statement)", () => {
    it("read a delivery with every attempt, oldest first, as Prisma's include does; null for another app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const resourceId = uid("chk");
      const d = await addDelivery(appId, { resourceId, state: "DELIVERED", attempts: 2, lastStatus: 200, leaseUntil: at(3), faults: '{"duplicate":true}' });
      const none = await addDelivery(appId, { resourceId, state: "SCHEDULED", url: null });
      await db.prisma.deliveryAttempt.createMany({
        data: [
          { deliveryId: d.id, at: at(1_000), status: 500, error: null, durationMs: 12, responseBody: "no", url: "http://127.0.0.1:9/cb", note: null, headers: '{"a":"1"}' },
          { deliveryId: d.id, at: at(2_000), status: 200, error: null, durationMs: 7, responseBody: "ok", url: "http://127.0.0.1:9/cb", note: "replay", headers: null },
        ],
      });
      const expected = await db.prisma.delivery.findFirstOrThrow({ where: { id: d.id }, include: { attemptLog: { orderBy: { id: "asc" } } } });
      const read = await deliveryWithAttempts(appId, d.id, db.prisma, dialect);
      expect(read).toEqual(expected);
      expect(read!.attemptLog.map((a) => a.at)).toEqual([at(1_000), at(2_000)]);
      expect(await deliveryWithAttempts(other.appId, d.id, db.prisma, dialect)).toBeNull();
      const both = await deliveriesOfResource(appId, resourceId, db.prisma, dialect);
      expect(both.map((x) => [x.id, x.attemptLog.length])).toEqual([[d.id, 2], [none.id, 0]]);
      expect(both[1]).toEqual({ ...(await row(none.id)), attemptLog: [] });
    });
  });

  describe("replayDelivery", () => {
    it("schedules a failed delivery again now, to the replay address, and the dispatcher posts it there", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = await addDelivery(appId, { attempts: 1, leaseUntil: at(-5) });
      expect(await replayDelivery(db.prisma, { appId, id: d.id, now: at(1_000), replayUrl: "http://127.0.0.1:9/elsewhere", maxAttempts: 3 }, dialect)).toBe(1);
      expect(await row(d.id)).toMatchObject({ state: "SCHEDULED", dueAt: at(1_000), leaseUntil: null, replayUrl: "http://127.0.0.1:9/elsewhere" });
      const { toSend } = await db.dispatch.claimDue(at(1_000), at(13_000), 200);
      expect(toSend.filter((s) => s.id === d.id)).toMatchObject([{ url: "http://127.0.0.1:9/elsewhere", replay: true }]);
    });

    it("without an address keeps the delivery's own", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = await addDelivery(appId, { attempts: 1 });
      expect(await replayDelivery(db.prisma, { appId, id: d.id, now: at(0), replayUrl: null, maxAttempts: 3 }, dialect)).toBe(1);
      expect(await row(d.id)).toMatchObject({ state: "SCHEDULED", replayUrl: null, url: "http://127.0.0.1:9/cb" });
    });

    it("leaves a delivery that is not failed, has had its attempts, or is another app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const rows = [
        await addDelivery(appId, { state: "DELIVERED", attempts: 1 }), await addDelivery(appId, { state: "SENDING", attempts: 1 }),
        await addDelivery(appId, { attempts: 3 }), await addDelivery(other.appId, { attempts: 1 }),
      ];
      for (const d of rows) {
        expect(await replayDelivery(db.prisma, { appId, id: d.id, now: at(0), replayUrl: null, maxAttempts: 3 }, dialect)).toBe(0);
        expect(await row(d.id)).toMatchObject({ state: d.state, dueAt: T0, attempts: d.attempts });
      }
    });

    it("runs in a batch transaction with the read that follows it", async () => {
      const { appId } = await seedApp(db.prisma);
      const [a, b] = [await addDelivery(appId, { attempts: 1 }), await addDelivery(appId, { state: "DELIVERED", attempts: 1 })];
      const results = await db.prisma.$transaction([
        ...[a, b].map((d) => replayDelivery(db.prisma, { appId, id: d.id, now: at(0), replayUrl: null, maxAttempts: 3 }, dialect)),
        db.prisma.delivery.findMany({ where: { appId, state: "SCHEDULED" }, select: { id: true } }),
      ]);
      expect(results).toEqual([1, 0, [{ id: a.id }]]);
    });
  });

  describe("the resend lease", () => {
    it("is taken once; a second resend is refused until it ends or runs out", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = await addDelivery(appId, { state: "DELIVERED", attempts: 1 });
      expect(await takeResendLease(db.prisma, d.id, at(0), at(15_000), dialect)).toBe(1);
      expect((await row(d.id)).resendUntil).toEqual(at(15_000));
      expect(await takeResendLease(db.prisma, d.id, at(1_000), at(16_000), dialect)).toBe(0);
      expect(await takeResendLease(db.prisma, d.id, at(15_001), at(30_001), dialect)).toBe(1);
      expect(await endResendLease(db.prisma, d.id, dialect)).toBe(1);
      expect((await row(d.id)).resendUntil).toBeNull();
      expect(await takeResendLease(db.prisma, d.id, at(15_002), at(30_002), dialect)).toBe(1);
    });

    it("is taken on a failed or not-sent delivery, never on one still to be sent", async () => {
      const { appId } = await seedApp(db.prisma);
      for (const state of ["FAILED", "NOT_SENT"]) expect(await takeResendLease(db.prisma, (await addDelivery(appId, { state })).id, at(0), at(1), dialect)).toBe(1);
      for (const state of ["SCHEDULED", "SENDING"]) expect(await takeResendLease(db.prisma, (await addDelivery(appId, { state })).id, at(0), at(1), dialect)).toBe(0);
    });

    it("one of two resends at once takes it", async () => {
      const { appId } = await seedApp(db.prisma);
      const d = await addDelivery(appId, { state: "FAILED", attempts: 1 });
      const taken = await Promise.all(Array.from({ length: 4 }, () => takeResendLease(db.prisma, d.id, at(0), at(15_000), dialect)));
      expect(taken.sort()).toEqual([0, 0, 0, 1]);
    });
  });

  describe("deleteDeliveriesOf (a reset)", () => {
    it("deletes the app's attempts and deliveries, counting each, and no other app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const mine = [await addDelivery(appId), await addDelivery(appId)];
      const theirs = await addDelivery(other.appId);
      for (const d of [...mine, mine[0]!, theirs]) await db.prisma.deliveryAttempt.create({ data: { deliveryId: d.id, at: T0, status: 500, durationMs: 1 } });
      expect(await db.prisma.$transaction([...deleteDeliveriesOf(db.prisma, appId, dialect)])).toEqual([3, 2]);
      expect(await db.prisma.delivery.count({ where: { appId } })).toBe(0);
      expect(await db.prisma.deliveryAttempt.count({ where: { deliveryId: theirs.id } })).toBe(1);
    });
  });

  describe("sweepBatches (an ended sandbox's deliveries)", () => {
    const runAll = (appId: string, batch: number) =>
      Promise.all(sweepBatches(dialect).map((b) => rawStatement(b.statement, db.prisma, dialect)({ appId, batch })));

    it("deletes attempts, then deliveries, at most a batch each, and no other app's", async () => {
      const [{ appId }, other] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      expect(sweepBatches(dialect).map((b) => b.table)).toEqual(["DeliveryAttempt", "Delivery"]);
      const mine = [await addDelivery(appId), await addDelivery(appId), await addDelivery(appId)];
      const theirs = await addDelivery(other.appId);
      for (const d of [...mine, theirs]) await db.prisma.deliveryAttempt.create({ data: { deliveryId: d.id, at: T0, status: 500, durationMs: 1 } });
      const [attempts, deliveries] = sweepBatches(dialect).map((b) => rawStatement(b.statement, db.prisma, dialect));
      expect(await attempts!({ appId, batch: 2 })).toBe(2);
      expect(await attempts!({ appId, batch: 2 })).toBe(1);
      expect(await attempts!({ appId, batch: 2 })).toBe(0);
      expect(await deliveries!({ appId, batch: 2 })).toBe(2);
      expect(await runAll(appId, 2)).toEqual([0, 1]);
      expect(await db.prisma.delivery.count({ where: { appId } })).toBe(0);
      expect(await db.prisma.deliveryAttempt.count({ where: { deliveryId: theirs.id } })).toBe(1);
      expect(await db.prisma.delivery.count({ where: { appId: other.appId } })).toBe(1);
    });

    it.runIf(dialect === "postgresql")("skips the deliveries another instance's batch holds, without waiting for them", async () => {
      const { appId } = await seedApp(db.prisma);
      const [held, free] = [await addDelivery(appId), await addDelivery(appId)];
      const deliveries = rawStatement(sweepBatches(dialect)[1]!.statement, db.prisma, dialect);
      await db.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT "id" FROM "Delivery" WHERE "id" = ${held.id} FOR UPDATE`;
        expect(await deliveries({ appId, batch: 10 })).toBe(1);
      }, { timeout: 5_000 });
      expect(await db.prisma.delivery.findMany({ where: { appId }, select: { id: true } })).toEqual([{ id: held.id }]);
      expect(free.id).not.toBe(held.id);
    });
  });
});

describe("the console's reads of a delivery and its attempts", () => {
  it("are one statement each: the callback's detail (getDelivery) and a resource's timeline (resourceTimeline)", async () => {
    const db = await freshDb("sqlite", "delivery-reads");
    // the statements a client sends, as Prisma reports them (the include of a relation is a second one)
    const client = new PrismaClient({ adapter: sqliteAdapter(db.url), log: [{ emit: "event", level: "query" }] });
    const sent: string[] = [];
    client.$on("query", (e) => sent.push(e.query));
    try {
      const { appId } = await seedApp(db.prisma);
      const resource = await db.prisma.resource.create({ data: resourceRow(appId) });
      const d = await db.prisma.delivery.create({
        data: { id: uid("dlv"), appId, resourceId: resource.id, operationId: "collect.push", scenarioKey: "paid", url: "http://127.0.0.1:9/cb", body: "{}", dueAt: T0, state: "DELIVERED", attempts: 1 },
      });
      await db.prisma.deliveryAttempt.create({ data: { deliveryId: d.id, at: T0, status: 200, durationMs: 3 } });
      const readingAttempts = () => sent.filter((q) => /DeliveryAttempt/.test(q));
      const alsoTheDelivery = /FROM\s+[`"](main[`"]\.[`"])?Delivery[`"]\s/;

      expect((await getDelivery(appId, d.id, client as unknown as Db)).attemptLog).toHaveLength(1);
      expect(readingAttempts()).toHaveLength(1);
      expect(readingAttempts()[0]).toMatch(alsoTheDelivery);

      sent.length = 0;
      const t = await resourceTimeline(appId, resource.id, T0, client as unknown as Db);
      expect(t.events.filter((e) => e.type === "callback_attempt")).toHaveLength(1);
      expect(readingAttempts()).toHaveLength(1);
      expect(readingAttempts()[0]).toMatch(alsoTheDelivery);
    } finally {
      await client.$disconnect();
      await db.close();
    }
  });
});
