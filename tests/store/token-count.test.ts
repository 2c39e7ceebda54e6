// The token read with the call's count (GatewayStore.tokenCounting), on each
// database: PostgreSQL counts the call in the token's statement only when the
// steps before the rate limit would let it through (statements.ts ADMITTED);
// SQLite never does (its rate-limit step counts apart). Held to the real steps:
// every combination of the facts those steps judge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupOf, matchOperation } from "@/lib/catalog";
import { sha256 } from "@/lib/crypto";
import type { CallState } from "@/lib/gateway/context";
import { checkSubscription, checkSuspended, findOperation } from "@/lib/gateway/steps/access";
import { authenticateAndCount } from "@/lib/gateway/steps/authenticate";
import { DIALECTS, freshDb, logRow, seedApp, uid, type TestDb } from "./databases";

const PATH = "/collect/v1/push";
const GROUP = groupOf(matchOperation("POST", PATH)!.op).name;
const ago = (ms: number) => new Date(Date.now() - ms);

/** An app whose one token breaks the rules `o` says; returns the token as sent. */
async function appWith(db: TestDb, o: { faultExpired?: boolean; expired?: boolean; revoked?: boolean; ended?: boolean; suspended?: boolean; sub?: string }) {
  const a = await seedApp(db.prisma, { revoked: o.revoked, suspended: o.suspended, subscriptions: o.sub ? { [GROUP]: o.sub } : {} });
  if (o.ended) await db.prisma.app.update({ where: { id: a.appId }, data: { expiresAt: ago(60_000) } });
  const token = uid("raw");
  await db.prisma.accessToken.create({
    data: {
      tokenHash: sha256(token), keyPairId: a.keyPairId, appId: a.appId,
      expiresAt: o.expired ? ago(60_000) : new Date(Date.now() + 3_600_000), faultExpiredAt: o.faultExpired ? ago(1_000) : null,
    },
  });
  return { ...a, token };
}

/** The steps before the rate limit, on the store under test: whether they let the call through, and the count the token's statement gave. */
async function throughSteps(db: TestDb, token: string): Promise<{ accepted: boolean; counted?: number }> {
  const s: CallState = {
    call: { method: "POST", path: PATH, headers: new Headers({ authorization: `Bearer ${token}` }), readBody: async () => "", via: "http" },
    requestId: uid("req"), receivedAt: new Date(), started: 0, headers: {},
  };
  try {
    for (const step of [authenticateAndCount, checkSuspended, findOperation, checkSubscription]) await step(s, db.gateway);
    return { accepted: true, counted: s.counted };
  } catch {
    return { accepted: false, counted: s.counted };
  }
}

const BOOLS = [false, true];
const COMBINATIONS = BOOLS.flatMap((faultExpired) => BOOLS.flatMap((expired) => BOOLS.flatMap((revoked) => BOOLS.flatMap((ended) =>
  BOOLS.flatMap((suspended) => [undefined, "ACTIVE", "PENDING", "REJECTED"].map((sub) => ({ faultExpired, expired, revoked, ended, suspended, sub })))))));

describe.each(DIALECTS)("tokenCounting on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "token_count");
  });
  afterAll(async () => {
    await db?.close();
  });
  const counts = dialect === "postgresql";

  it("an unknown token is null and counts nothing", async () => {
    expect(await db.gateway.tokenCounting(uid("nope"), { group: GROUP, window: 1000, at: new Date() })).toEqual({ token: null });
  });

  it("reads the token as tokenByHash does", async () => {
    const a = await appWith(db, { sub: "ACTIVE" });
    const { token } = await db.gateway.tokenCounting(sha256(a.token), { group: GROUP, window: 1000, at: new Date() });
    expect(token).toEqual(await db.gateway.tokenByHash(sha256(a.token)));
  });

  it(`every combination of the facts the steps judge (${COMBINATIONS.length}): ${counts ? "counted exactly when the steps let the call through" : "never counted"}; a refused call leaves no count`, async () => {
    for (const o of COMBINATIONS) {
      const a = await appWith(db, o);
      const { accepted, counted } = await throughSteps(db, a.token);
      const windows = await db.prisma.rateWindow.findMany({ where: { appId: a.appId } });
      expect({ o, accepted, counted, windows: windows.map((w) => w.count) }).toEqual({
        o, accepted: !o.faultExpired && !o.expired && !o.revoked && !o.ended && !o.suspended && o.sub === "ACTIVE",
        counted: counts && accepted ? 1 : undefined, windows: counts && accepted ? [1] : [],
      });
    }
  });

  it.runIf(counts)("calls counted in one turn share the statement and get consecutive counts, after countCall's; the one that opens a window drops the older", async () => {
    const a = await appWith(db, { sub: "ACTIVE" });
    const hash = sha256(a.token);
    await db.gateway.tokenCounting(hash, { group: GROUP, window: 1000, at: new Date() });
    expect(await db.gateway.countCall(a.appId, 1001)).toBe(1);
    const r = await Promise.all([1, 2, 3].map(() => db.gateway.tokenCounting(hash, { group: GROUP, window: 1001, at: new Date() })));
    expect(r.map((x) => x.count)).toEqual([2, 3, 4]);
    const opened = await Promise.all([1, 2].map(() => db.gateway.tokenCounting(hash, { group: GROUP, window: 1002, at: new Date() })));
    expect(opened.map((x) => x.count)).toEqual([1, 2]);
    const windows = await db.prisma.rateWindow.findMany({ where: { appId: a.appId } });
    expect(windows.map((w) => [w.window, w.count])).toEqual([[1002, 2]]);
  });

  it.runIf(counts)("a token that expires between two calls of one turn: neither is counted by the statement (the first is counted apart by the rate-limit step)", async () => {
    const a = await appWith(db, { sub: "ACTIVE" });
    const expiresAt = new Date(Date.now() + 60_000);
    await db.prisma.accessToken.update({ where: { tokenHash: sha256(a.token) }, data: { expiresAt } });
    const at = (ms: number) => ({ group: GROUP, window: 1000, at: new Date(expiresAt.getTime() + ms) });
    const r = await Promise.all([db.gateway.tokenCounting(sha256(a.token), at(-1)), db.gateway.tokenCounting(sha256(a.token), at(0))]);
    expect(r.map((x) => x.count)).toEqual([undefined, undefined]);
    expect(await db.prisma.rateWindow.count({ where: { appId: a.appId } })).toBe(0);
  });

  it.runIf(counts)("another group's subscription does not admit the call", async () => {
    const a = await appWith(db, { sub: "ACTIVE" });
    expect((await db.gateway.tokenCounting(sha256(a.token), { group: `${GROUP}-other`, window: 1000, at: new Date() })).count).toBeUndefined();
  });

  it.runIf(counts)("the count's transaction commits without waiting for its WAL flush; the call's log row commits synchronously, which makes the count durable with it", async () => {
    // What each transaction's commit will do, seen at the moment it writes (a trigger in this test's own database).
    await db.prisma.$executeRawUnsafe(`CREATE TABLE "CommitMode" ("table" text, "mode" text)`);
    await db.prisma.$executeRawUnsafe(`CREATE FUNCTION commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO "CommitMode" VALUES (TG_TABLE_NAME, current_setting('synchronous_commit')); RETURN NULL; END $$`);
    for (const table of ["RateWindow", "RequestLog"]) {
      await db.prisma.$executeRawUnsafe(`CREATE TRIGGER commit_mode AFTER INSERT OR UPDATE ON "${table}" FOR EACH ROW EXECUTE FUNCTION commit_mode()`);
    }
    const a = await appWith(db, { sub: "ACTIVE" });
    const counted = await Promise.all([1, 2].map(() => db.gateway.tokenCounting(sha256(a.token), { group: GROUP, window: 1000, at: new Date() })));
    expect(counted.map((c) => c.count)).toEqual([1, 2]);
    await db.gateway.commit({ log: logRow(a.appId) });
    const modes = await db.prisma.$queryRawUnsafe<{ table: string; mode: string }[]>(`SELECT "table", "mode" FROM "CommitMode"`);
    expect(modes).toEqual([{ table: "RateWindow", mode: "off" }, { table: "RequestLog", mode: "on" }]);
  });

  it("concurrent calls from two instances, counted with the token or apart, each get a count of their own", async () => {
    const a = await appWith(db, { sub: "ACTIVE" });
    const window = 5000;
    const counts = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const store = (i % 2 ? db.other : db).gateway;
      const r = i % 3 ? await store.tokenCounting(sha256(a.token), { group: GROUP, window, at: new Date() }) : { count: undefined };
      return r.count ?? (await store.countCall(a.appId, window));
    }));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
