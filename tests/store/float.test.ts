// An app's float (lib/float/statements.ts), every change of its row, on each
// database: the gateway store's lookup and its reservation inside a payout's
// commit (one conditional UPDATE, exact under concurrency on two instances),
// and the changes run through Prisma (set, release, reset) with the balances
// read back as the developer API answers them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/runtime";
import { floatBalances, releaseFloat, resetFloat, setFloat } from "@/lib/float";
import { DIALECTS, freshDb, logRow, minutes, resourceRow, seedApp, uid, type TestDb } from "./databases";

const payout = (appId: string, amount: number, o: Parameters<typeof resourceRow>[1] = {}) =>
  resourceRow(appId, { operationId: "payouts.send", reference: uid("ref"), scenarioKey: "sent", floatCurrency: "KES", floatAmount: amount, ...o });

describe.each(DIALECTS)("the float on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "float");
  });
  afterAll(async () => {
    await db?.close();
  });
  const balance = async (appId: string, currency = "KES") => (await floatBalances(appId, db.prisma)).find((b) => b.currency === currency)!;

  it("a new app has the default in every currency; the gateway's lookup makes the row at the default once", async () => {
    const { appId } = await seedApp(db.prisma);
    expect(await floatBalances(appId, db.prisma)).toEqual(["KES", "TZS", "UGX"].map((currency) => ({ currency, available: config.floatDefault, reserved: 0 })));
    expect(await Promise.all([db.gateway.floatAvailable(appId, "TZS"), db.other.gateway.floatAvailable(appId, "TZS")])).toEqual([config.floatDefault, config.floatDefault]);
    expect(await db.prisma.floatBalance.count({ where: { appId } })).toBe(1);
  });

  it("a payout's commit reserves its amount: available goes down, reserved up while it is queued, and back down once it settled", async () => {
    const { appId } = await seedApp(db.prisma);
    await db.gateway.floatAvailable(appId, "KES");
    expect(await db.gateway.commit({ resource: payout(appId, 300, { settlesAt: minutes(1) }), log: logRow(appId) })).toBe(true);
    expect(await db.gateway.commit({ resource: payout(appId, 200, { settlesAt: null, heldAt: new Date(), hold: "{}" }), log: logRow(appId) })).toBe(true);
    expect(await db.gateway.commit({ resource: payout(appId, 100, { settlesAt: minutes(-1) }), log: logRow(appId) })).toBe(true);
    expect(await balance(appId)).toEqual({ currency: "KES", available: config.floatDefault - 600, reserved: 500 });
    expect(await db.gateway.floatAvailable(appId, "KES")).toBe(config.floatDefault - 600);
  });

  it("a payout's log row keeps what its reservation met (the lookup's value replaced), a row without a reservation what it was given", async () => {
    const { appId } = await seedApp(db.prisma);
    await setFloat(appId, "KES", 1000, db.prisma, dialect);
    const stale = { floatCurrency: "KES", floatAvailable: 5, floatReserved: 300 };
    const logs = [logRow(appId, stale), logRow(appId, stale), logRow(appId, { ...stale, floatAvailable: 700, floatReserved: null })];
    expect(await db.gateway.commit({ resource: payout(appId, 300), log: logs[0] })).toBe(true);
    expect(await db.gateway.commit({ resource: payout(appId, 300), log: logs[1] }, { operationId: "payouts.send", reference: uid("ref") })).toBe(true);
    expect(await db.gateway.commit({ resource: resourceRow(appId), log: logs[2] })).toBe(true);
    const rows = await db.prisma.requestLog.findMany({ where: { appId }, orderBy: { seq: "asc" }, select: { floatCurrency: true, floatAvailable: true, floatReserved: true } });
    expect(rows).toEqual([
      { floatCurrency: "KES", floatAvailable: 1000, floatReserved: 300 },
      { floatCurrency: "KES", floatAvailable: 700, floatReserved: 300 },
      { floatCurrency: "KES", floatAvailable: 700, floatReserved: null },
    ]);
  });

  it("a commit the float does not cover writes nothing and returns false", async () => {
    const { appId } = await seedApp(db.prisma);
    await setFloat(appId, "KES", 50, db.prisma, dialect);
    const resource = payout(appId, 60);
    expect(await db.gateway.commit({ resource, log: logRow(appId) }, { operationId: "payouts.send", reference: resource.reference! })).toBe(false);
    expect(await db.prisma.resource.count({ where: { appId } })).toBe(0);
    expect(await db.prisma.requestLog.count({ where: { appId } })).toBe(0);
    expect(await balance(appId)).toEqual({ currency: "KES", available: 50, reserved: 0 });
  });

  it("20 concurrent payouts on two instances against a float for 10: exactly 10 are written, the float at 0", async () => {
    const { appId } = await seedApp(db.prisma);
    await setFloat(appId, "KES", 1000, db.prisma, dialect);
    const calls = Array.from({ length: 20 }, (_, i) => {
      const resource = payout(appId, 100);
      const guard = { operationId: "payouts.send", reference: resource.reference! };
      const log = logRow(appId, { floatCurrency: "KES", floatAvailable: 1000, floatReserved: 100 });
      return (i % 2 ? db.other : db).gateway.commit({ resource, log }, guard);
    });
    expect((await Promise.all(calls)).filter(Boolean)).toHaveLength(10);
    expect(await db.prisma.resource.count({ where: { appId } })).toBe(10);
    // each written log row says what its own reservation met, not what its lookup read
    const met = await db.prisma.requestLog.findMany({ where: { appId }, select: { floatAvailable: true } });
    expect(met.map((r) => r.floatAvailable).sort((a, b) => b! - a!)).toEqual([1000, 900, 800, 700, 600, 500, 400, 300, 200, 100]);
    expect(await balance(appId)).toEqual({ currency: "KES", available: 0, reserved: 1000 });
  });

  it("set changes what is available and keeps the reserves; release gives a reserve back; reset restores the default", async () => {
    const { appId } = await seedApp(db.prisma);
    await db.gateway.floatAvailable(appId, "UGX");
    await db.gateway.commit({ resource: payout(appId, 400, { floatCurrency: "UGX", settlesAt: null, heldAt: new Date(), hold: "{}" }), log: logRow(appId) });
    expect(await setFloat(appId, "UGX", 5000, db.prisma, dialect)).toEqual({ currency: "UGX", available: 5000, reserved: 400 });
    await db.prisma.$transaction((tx) => releaseFloat(tx, appId, "UGX", 400, dialect));
    expect(await balance(appId, "UGX")).toMatchObject({ available: 5400 });
    await resetFloat(appId, db.prisma, dialect);
    expect(await balance(appId, "UGX")).toMatchObject({ available: config.floatDefault });
  });

  it("the resource prune keeps payouts whose reserve is still held (queued or held), so available and reserved stay as they were", async () => {
    const { appId } = await seedApp(db.prisma);
    await db.gateway.floatAvailable(appId, "KES");
    const at = (s: number) => new Date(Date.now() - 3_600_000 + s * 1000);
    const held = payout(appId, 200, { settlesAt: null, heldAt: at(1), hold: "{}", createdAt: at(1) });
    const queued = payout(appId, 300, { settlesAt: minutes(5), createdAt: at(2) });
    const paid = payout(appId, 100, { settlesAt: minutes(-1), createdAt: at(3) });
    const plain = resourceRow(appId, { createdAt: at(4) });
    const newest = [5, 6].map((n) => resourceRow(appId, { createdAt: at(n) }));
    for (const resource of [held, queued, paid, plain, ...newest]) expect(await db.gateway.commit({ resource, log: logRow(appId) })).toBe(true);
    const before = await balance(appId);
    expect(before).toEqual({ currency: "KES", available: config.floatDefault - 600, reserved: 500 });
    await db.gateway.prune("Resource", appId, 2);
    const kept = await db.prisma.resource.findMany({ where: { appId }, orderBy: { createdAt: "asc" }, select: { id: true } });
    expect(kept.map((r) => r.id)).toEqual([held.id, queued.id, ...newest.map((r) => r.id)]);
    expect(await balance(appId)).toEqual(before);
  });

  it("deleting the app deletes its balances", async () => {
    const { appId } = await seedApp(db.prisma);
    await setFloat(appId, "TZS", 7, db.prisma, dialect);
    await db.prisma.app.delete({ where: { id: appId } });
    expect(await db.prisma.floatBalance.count({ where: { appId } })).toBe(0);
  });
});
