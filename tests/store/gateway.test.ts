// The gateway's store (lib/gateway/store), every method, on each database:
// the same tests on SQLite and PostgreSQL (tests/store/databases.ts), rows
// seeded and read back through Prisma as the console and the CLI do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDelivery } from "@/lib/callbacks/schedule";
import type { CallRows } from "@/lib/gateway/store";
import type { ResourceRow } from "@/lib/gateway/store/statements";
import { DIALECTS, freshDb, logRow, minutes, resourceRow, seedApp, uid, type TestDb } from "./databases";

const deliveryRow = (appId: string, resourceId: string | null, url: string | null = "http://127.0.0.1:9/cb") =>
  newDelivery({ appId, resourceId, operationId: "collect.push", scenarioKey: "paid", url, dueAt: minutes(1), body: { ok: true } }, new Date());

describe.each(DIALECTS)("the gateway's store on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "gateway");
  });
  afterAll(async () => {
    await db?.close();
  });

  describe("tokenByHash", () => {
    it("an unknown token is null", async () => {
      expect(await db.gateway.tokenByHash(uid("nope"))).toBeNull();
    });

    it("a token comes with its expiry, its app's settings, subscriptions, test numbers and fault plan", async () => {
      const expiresAt = new Date(Date.now() + 3_600_000);
      const testNumbers = [{ id: "tn_1", operationId: "collect.push", field: "body.phoneNumber", value: "254700000001", scenarioKey: "paid" }];
      const faultPlan = [{ operation: "payouts.send", fault: "lost_response", when: { every: 3 } }];
      const a = await seedApp(db.prisma, {
        perMinute: 7, callbackUrl: "https://example.test/cb", subscriptions: { Payments: "ACTIVE", Treasury: "PENDING" },
        testNumbers: JSON.stringify(testNumbers), timeScale: 0.25, callbackFaults: '{"duplicate":true}', tokenExpiresAt: expiresAt,
        faultPlan: JSON.stringify(faultPlan),
      });
      const row = await db.gateway.tokenByHash(a.tokenHash);
      expect(row).toEqual({
        expiresAt,
        faultExpiredAt: null,
        revoked: false,
        app: {
          id: a.appId, suspended: false, perMinute: 7, callbackUrl: "https://example.test/cb", callbackFaults: '{"duplicate":true}',
          subscriptions: expect.arrayContaining([{ group: "Payments", status: "ACTIVE" }, { group: "Treasury", status: "PENDING" }]),
          timeScale: 0.25, testNumbers, faultPlan, parentAppId: null, expiresAt: null,
        },
      });
      expect(row!.app.subscriptions).toHaveLength(2);
    });

    it("an app without subscriptions has none; a suspended app says so", async () => {
      const a = await seedApp(db.prisma, { suspended: true });
      const row = await db.gateway.tokenByHash(a.tokenHash);
      expect(row!.app).toMatchObject({ suspended: true, subscriptions: [], testNumbers: [] });
    });

    it("an expired token is returned with its expiry (the authenticate step refuses it)", async () => {
      const expiresAt = new Date(Date.now() - 1_000);
      const a = await seedApp(db.prisma, { tokenExpiresAt: expiresAt });
      expect((await db.gateway.tokenByHash(a.tokenHash))!.expiresAt).toEqual(expiresAt);
    });

    it("expireToken (X-Svc-Fault: token_expired): the next lookup, cached or not, says when; another token of the app is untouched", async () => {
      const a = await seedApp(db.prisma);
      const other = uid("tok");
      await db.prisma.accessToken.create({ data: { tokenHash: other, keyPairId: a.keyPairId, appId: a.appId, expiresAt: new Date(Date.now() + 3_600_000) } });
      expect((await db.gateway.tokenByHash(a.tokenHash))!.faultExpiredAt).toBeNull(); // cached on SQLite
      const at = new Date();
      await db.gateway.expireToken(a.tokenHash, at);
      expect((await db.gateway.tokenByHash(a.tokenHash))!.faultExpiredAt).toEqual(at);
      expect((await db.gateway.tokenByHash(other))!.faultExpiredAt).toBeNull();
    });

    it("a token of a revoked key pair is revoked", async () => {
      const a = await seedApp(db.prisma, { revoked: true });
      expect((await db.gateway.tokenByHash(a.tokenHash))!.revoked).toBe(true);
    });

    it("a revocation, a suspension and a new subscription written by another connection are seen at the next lookup", async () => {
      const a = await seedApp(db.prisma, { subscriptions: { Payments: "ACTIVE" } });
      expect(await db.gateway.tokenByHash(a.tokenHash)).toMatchObject({ revoked: false, app: { suspended: false } });
      await db.prisma.keyPair.update({ where: { id: a.keyPairId }, data: { revokedAt: new Date() } });
      expect((await db.gateway.tokenByHash(a.tokenHash))!.revoked).toBe(true);
      await db.prisma.app.update({ where: { id: a.appId }, data: { suspended: true } });
      await db.prisma.subscription.create({ data: { appId: a.appId, group: "Identity", status: "ACTIVE" } });
      const row = await db.gateway.tokenByHash(a.tokenHash);
      expect(row!.app.suspended).toBe(true);
      expect(row!.app.subscriptions).toHaveLength(2);
    });
  });

  describe("countCall", () => {
    it("counts the calls of one app in one window", async () => {
      const { appId } = await seedApp(db.prisma);
      expect(await db.gateway.countCall(appId, 1000)).toBe(1);
      expect(await db.gateway.countCall(appId, 1000)).toBe(2);
      expect(await db.gateway.countCall(appId, 1000)).toBe(3);
    });

    it("each app has its own window", async () => {
      const [a, b] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      await db.gateway.countCall(a.appId, 1000);
      await db.gateway.countCall(a.appId, 1000);
      expect(await db.gateway.countCall(b.appId, 1000)).toBe(1);
    });

    it("a new window starts at 1 and drops the app's older windows (not another app's)", async () => {
      const [a, b] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      await db.gateway.countCall(a.appId, 1000);
      await db.gateway.countCall(a.appId, 1001);
      await db.gateway.countCall(b.appId, 1000);
      expect(await db.gateway.countCall(a.appId, 1002)).toBe(1);
      const windows = await db.prisma.rateWindow.findMany({ where: { appId: { in: [a.appId, b.appId] } }, orderBy: { window: "asc" } });
      expect(windows.map((w) => [w.appId, w.window, w.count])).toEqual(
        expect.arrayContaining([[a.appId, 1002, 1], [b.appId, 1000, 1]]),
      );
      expect(windows).toHaveLength(2);
    });

    it("calls counted at once (one turn) get consecutive counts, and the batch that opens a window drops the older ones", async () => {
      const { appId } = await seedApp(db.prisma);
      await db.gateway.countCall(appId, 1000);
      const counts = await Promise.all([1, 2, 3].map(() => db.gateway.countCall(appId, 1001)));
      expect(counts).toEqual([1, 2, 3]);
      expect(await db.gateway.countCall(appId, 1001)).toBe(4);
      const windows = await db.prisma.rateWindow.findMany({ where: { appId } });
      expect(windows.map((w) => [w.window, w.count])).toEqual([[1001, 4]]);
    });

    it("concurrent calls, from two instances, each get a count of their own", async () => {
      const { appId } = await seedApp(db.prisma);
      const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? db.other : db).gateway.countCall(appId, 1000)));
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  });

  describe("countPlanCall", () => {
    it("numbers one app's calls of one operation 1, 2, 3…; each operation and each app has its own numbers", async () => {
      const a = await seedApp(db.prisma);
      const b = await seedApp(db.prisma);
      expect([await db.gateway.countPlanCall(a.appId, "collect.push"), await db.gateway.countPlanCall(a.appId, "collect.push")]).toEqual([1, 2]);
      expect(await db.gateway.countPlanCall(a.appId, "payouts.send")).toBe(1);
      expect(await db.gateway.countPlanCall(b.appId, "collect.push")).toBe(1);
      expect(await db.gateway.countPlanCall(a.appId, "collect.push")).toBe(3);
    });

    it("concurrent calls, from two instances, each get a number of their own", async () => {
      const { appId } = await seedApp(db.prisma);
      const numbers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? db.other : db).gateway.countPlanCall(appId, "payouts.send")));
      expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  });

  describe("findResource", () => {
    it("finds this app's resource with its state as written", async () => {
      const { appId } = await seedApp(db.prisma);
      const r = resourceRow(appId);
      await db.gateway.commit({ resource: r, log: logRow(appId) });
      expect(await db.gateway.findResource(appId, r.id)).toEqual({ id: r.id, scenarioKey: "paid", settlesAt: r.settlesAt, data: JSON.parse(r.data) });
    });

    it("a resource that never settles has no settlesAt", async () => {
      const { appId } = await seedApp(db.prisma);
      const r = resourceRow(appId, { settlesAt: null });
      await db.gateway.commit({ resource: r, log: logRow(appId) });
      expect((await db.gateway.findResource(appId, r.id))!.settlesAt).toBeNull();
    });

    it("another app's resource is not found, nor an unknown one", async () => {
      const [a, b] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const r = resourceRow(a.appId);
      await db.gateway.commit({ resource: r, log: logRow(a.appId) });
      expect(await db.gateway.findResource(b.appId, r.id)).toBeNull();
      expect(await db.gateway.findResource(a.appId, uid("res"))).toBeNull();
    });
  });

  describe("referenceInUse", () => {
    it("is this app's use of the reference on this operation only", async () => {
      const [a, b] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const reference = uid("ref");
      expect(await db.gateway.referenceInUse(a.appId, "collect.push", reference)).toBe(false);
      await db.gateway.commit({ resource: resourceRow(a.appId, { reference }), log: logRow(a.appId) });
      expect(await db.gateway.referenceInUse(a.appId, "collect.push", reference)).toBe(true);
      expect(await db.gateway.referenceInUse(b.appId, "collect.push", reference)).toBe(false);
      expect(await db.gateway.referenceInUse(a.appId, "payouts.send", reference)).toBe(false);
    });

    it("with asOf (Collect): taken while PENDING (settling after it, or held) or COMPLETED; a prompt settled FAILED frees it", async () => {
      const { appId } = await seedApp(db.prisma);
      const [paid, cancelled, noAnswer, pending, held, resolvedPaid, resolvedFailed] = Array.from({ length: 7 }, () => uid("ref"));
      const row = (reference: string, o: Partial<ResourceRow>) => db.gateway.commit({ resource: resourceRow(appId, { reference, ...o }), log: logRow(appId) });
      await row(paid, { scenarioKey: "paid", settlesAt: minutes(-1) });
      await row(cancelled, { scenarioKey: "cancelled", settlesAt: minutes(-1) });
      await row(noAnswer, { scenarioKey: "no_answer", settlesAt: minutes(-1) });
      await row(pending, { scenarioKey: "cancelled", settlesAt: minutes(1) });
      await row(held, { scenarioKey: "held", settlesAt: null, heldAt: new Date(), hold: "{}" });
      // A held prompt once resolved carries its resolving scenario and settling time (lib/callbacks/held.ts).
      await row(resolvedPaid, { scenarioKey: "paid", settlesAt: minutes(-1), heldAt: minutes(-2), hold: "{}" });
      await row(resolvedFailed, { scenarioKey: "insufficient_funds", settlesAt: minutes(-1), heldAt: minutes(-2), hold: "{}" });
      const now = new Date();
      const taken = async (reference: string) => db.gateway.referenceInUse(appId, "collect.push", reference, now);
      expect(await taken(paid)).toBe(true);
      expect(await taken(cancelled)).toBe(false);
      expect(await taken(noAnswer)).toBe(false);
      expect(await taken(pending)).toBe(true);
      expect(await taken(held)).toBe(true);
      expect(await taken(resolvedPaid)).toBe(true);
      expect(await taken(resolvedFailed)).toBe(false);
      // Without asOf (a payout's rule): any use.
      expect(await db.gateway.referenceInUse(appId, "collect.push", cancelled)).toBe(true);
    });

    it("a reference holding NUL is stored and found like any other", async () => {
      const { appId } = await seedApp(db.prisma);
      const reference = `R\u0000${uid("ref")}`;
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference }), log: logRow(appId, { requestBody: `{"reference":"R\u0000"}` }) })).toBe(true);
      expect(await db.gateway.referenceInUse(appId, "collect.push", reference)).toBe(true);
    });
  });

  describe("commit", () => {
    it("writes the resource, the delivery and the log row, read back by Prisma as written", async () => {
      const { appId } = await seedApp(db.prisma);
      const resource = resourceRow(appId, { reference: uid("ref") });
      const delivery = deliveryRow(appId, resource.id);
      const log = logRow(appId);
      expect(await db.gateway.commit({ resource, delivery, log })).toBe(true);
      expect(await db.prisma.resource.findUnique({ where: { id: resource.id } })).toEqual({ ...resource, resolvedAt: null, resolvedVia: null, resolvedBy: null });
      expect(await db.prisma.delivery.findUnique({ where: { id: delivery.id } })).toEqual({
        ...delivery, seq: expect.any(Number), state: "SCHEDULED", attempts: 0, lastStatus: null, leaseUntil: null, resendUntil: null, replayUrl: null, delayReason: null,
      });
      expect(await db.prisma.requestLog.findUnique({ where: { requestId: log.requestId } })).toEqual({ ...log, seq: expect.any(Number) });
    });

    it("writes each combination a call leaves: log alone, delivery without resource, resource without delivery", async () => {
      const { appId } = await seedApp(db.prisma);
      const combos: CallRows[] = [
        { log: logRow(appId, { status: 401, operationId: null, scenarioKey: null, timeScale: null, requestBody: null }) },
        { delivery: deliveryRow(appId, null, null), log: logRow(appId) },
        { resource: resourceRow(appId), log: logRow(appId) },
      ];
      for (const rows of combos) expect(await db.gateway.commit(rows)).toBe(true);
      expect(await db.prisma.requestLog.count({ where: { appId } })).toBe(3);
      const delivery = await db.prisma.delivery.findFirstOrThrow({ where: { appId } });
      expect(delivery).toMatchObject({ state: "NOT_SENT", url: null, resourceId: null });
      expect(await db.prisma.resource.count({ where: { appId } })).toBe(1);
    });

    it("log rows alone, committed at once (one turn: one statement on PostgreSQL), are each read back as written", async () => {
      const { appId } = await seedApp(db.prisma);
      const logs = [
        logRow(appId),
        logRow(appId, { status: 401, operationId: null, scenarioKey: null, timeScale: null, requestBody: null, createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) }),
        logRow(appId, { requestBody: '{"note":"quote \\" backslash \\\\ é 日本 \u2028"}', responseBody: "not json at all", durationMs: 123456 }),
        logRow(appId, { status: 200, requestBody: "R\u0000" }),
      ];
      expect(await Promise.all(logs.map((log) => db.gateway.commit({ log })))).toEqual([true, true, true, true]);
      for (const log of logs) {
        const stored = db.dialect === "postgresql" && log.requestBody === "R\u0000" ? { ...log, requestBody: "R\uFFFD" } : log;
        expect(await db.prisma.requestLog.findUnique({ where: { requestId: log.requestId } })).toEqual({ ...stored, seq: expect.any(Number) });
      }
    });

    it("with a guard, of concurrent commits of the same new reference (two instances), exactly one wins and the others write nothing", async () => {
      const { appId } = await seedApp(db.prisma);
      const reference = uid("ref");
      const guard = { operationId: "collect.push", reference };
      const calls = Array.from({ length: 6 }, (_, i) => {
        const resource = resourceRow(appId, { reference });
        return (i % 2 ? db.other : db).gateway.commit({ resource, delivery: deliveryRow(appId, resource.id), log: logRow(appId) }, guard);
      });
      const won = await Promise.all(calls);
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await db.prisma.resource.count({ where: { appId, reference } })).toBe(1);
      expect(await db.prisma.delivery.count({ where: { appId } })).toBe(1);
      expect(await db.prisma.requestLog.count({ where: { appId } })).toBe(1);
    });

    it("with a guard, every value is written as given: quotes, backslashes, dollars, NUL, emoji, numbers and nulls", async () => {
      const { appId } = await seedApp(db.prisma);
      const reference = `it's \\ $1 $$ \u0000 ${uid("ref")} 🙂`;
      const guard = { operationId: "collect.push", reference, asOf: new Date() };
      const resource = resourceRow(appId, { reference, data: `{"note":"a'b\\\\c $2"}`, settlesAt: null, heldAt: new Date(), hold: "{}" });
      const delivery = deliveryRow(appId, resource.id, null);
      const log = logRow(appId, { requestBody: `{"reference":"it's \\\\ \u0000"}`, timeScale: 0.125, durationMs: 0, operationId: null });
      expect(await db.gateway.commit({ resource, delivery, log }, guard)).toBe(true);
      const stored = await db.prisma.resource.findUniqueOrThrow({ where: { id: resource.id } });
      const nul = (x: string) => (dialect === "postgresql" ? x.replaceAll("\u0000", "\uFFFD") : x);
      expect(stored).toMatchObject({ reference: nul(reference), data: resource.data, settlesAt: null, heldAt: resource.heldAt, createdAt: resource.createdAt });
      const storedLog = await db.prisma.requestLog.findUniqueOrThrow({ where: { requestId: log.requestId } });
      expect(storedLog).toMatchObject({ requestBody: nul(log.requestBody!), timeScale: 0.125, durationMs: 0, operationId: null });
      expect(await db.prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ url: null, dueAt: delivery.dueAt });
      expect(await db.gateway.referenceInUse(appId, "collect.push", reference, new Date())).toBe(true);
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference }), log: logRow(appId) }, guard)).toBe(false);
    });

    it("with a guard, a commit that fails writes nothing and leaves the reference free (its lock is released)", async () => {
      const { appId } = await seedApp(db.prisma);
      const reference = uid("ref");
      const guard = { operationId: "collect.push", reference, asOf: new Date() };
      const taken = resourceRow(appId);
      await db.gateway.commit({ resource: taken, log: logRow(appId) });
      const log = logRow(appId);
      // The same primary key as a stored resource: the write fails on both databases.
      await expect(db.gateway.commit({ resource: { ...resourceRow(appId, { reference }), id: taken.id }, log }, guard)).rejects.toThrow();
      expect(await db.prisma.resource.count({ where: { appId, reference } })).toBe(0);
      expect(await db.prisma.requestLog.count({ where: { requestId: log.requestId } })).toBe(0);
      // From either instance: nothing still holds the reference's lock.
      expect(await db.other.gateway.commit({ resource: resourceRow(appId, { reference }), log: logRow(appId) }, guard)).toBe(true);
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference }), log: logRow(appId) }, guard)).toBe(false);
    });

    it("with a guard on a Collect reference: a prompt settled FAILED does not stand in the way; a pending or COMPLETED one does", async () => {
      const { appId } = await seedApp(db.prisma);
      const [reference, completed] = [uid("ref"), uid("ref")];
      const guard = { operationId: "collect.push", reference, asOf: new Date() };
      await db.gateway.commit({ resource: resourceRow(appId, { reference: completed, settlesAt: minutes(-1) }), log: logRow(appId) });
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference: completed }), log: logRow(appId) }, { ...guard, reference: completed })).toBe(false);
      await db.gateway.commit({ resource: resourceRow(appId, { reference, scenarioKey: "cancelled", settlesAt: minutes(-1) }), log: logRow(appId) });
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference, settlesAt: minutes(1) }), log: logRow(appId) }, guard)).toBe(true);
      expect(await db.gateway.commit({ resource: resourceRow(appId, { reference }), log: logRow(appId) }, guard)).toBe(false);
      expect(await db.prisma.resource.count({ where: { appId, reference } })).toBe(2);
    });
  });

  describe("prune", () => {
    it("keeps the app's newest request-log rows (by insertion order), not touching another app's", async () => {
      const [a, b] = [await seedApp(db.prisma), await seedApp(db.prisma)];
      const logs = Array.from({ length: 5 }, () => logRow(a.appId));
      for (const log of logs) await db.gateway.commit({ log });
      await db.gateway.commit({ log: logRow(b.appId) });
      await db.gateway.prune("RequestLog", a.appId, 2);
      const kept = await db.prisma.requestLog.findMany({ where: { appId: a.appId }, orderBy: { seq: "asc" } });
      expect(kept.map((r) => r.requestId)).toEqual(logs.slice(3).map((l) => l.requestId));
      expect(await db.prisma.requestLog.count({ where: { appId: b.appId } })).toBe(1);
    });

    it("keeps the app's newest resources by creation time", async () => {
      const { appId } = await seedApp(db.prisma);
      const base = Date.now();
      const resources = [3, 1, 4, 2].map((n) => resourceRow(appId, { createdAt: new Date(base + n * 1000) }));
      for (const resource of resources) await db.gateway.commit({ resource, log: logRow(appId) });
      await db.gateway.prune("Resource", appId, 2);
      const kept = await db.prisma.resource.findMany({ where: { appId }, orderBy: { createdAt: "asc" } });
      expect(kept.map((r) => r.id)).toEqual([resources[0]!.id, resources[2]!.id]);
    });

    it("keeps the app's newest deliveries and every one still to be sent", async () => {
      const { appId } = await seedApp(db.prisma);
      const states = ["DELIVERED", "SCHEDULED", "FAILED", "SENDING", "NOT_SENT", "DELIVERED"];
      const ids: string[] = [];
      for (const state of states) {
        const d = deliveryRow(appId, null);
        await db.gateway.commit({ delivery: d, log: logRow(appId) });
        await db.prisma.delivery.update({ where: { id: d.id }, data: { state } });
        ids.push(d.id);
      }
      await db.gateway.prune("Delivery", appId, 1);
      const kept = await db.prisma.delivery.findMany({ where: { appId }, orderBy: { seq: "asc" } });
      expect(kept.map((d) => d.id)).toEqual([ids[1], ids[3], ids[5]]);
    });

    it("keeps everything when the app has no more than `keep` rows", async () => {
      const { appId } = await seedApp(db.prisma);
      for (let i = 0; i < 3; i++) await db.gateway.commit({ resource: resourceRow(appId), log: logRow(appId) });
      for (const table of ["RequestLog", "Resource"] as const) await db.gateway.prune(table, appId, 3);
      expect(await db.prisma.requestLog.count({ where: { appId } })).toBe(3);
      expect(await db.prisma.resource.count({ where: { appId } })).toBe(3);
    });
  });
});
