// An app's float per currency: `available` is the row (statements.ts: every
// change of it), `reserved` is what its payouts accepted and still QUEUED took
// (Resource.floatAmount while the payout has not settled, a held one until it
// is resolved). A payout DELIVERED has been paid: its reserve leaves
// `reserved` when its live state changes, with nothing to write; a held one
// resolved as FAILED gives its reserve back (held.ts runs `release`).
import { CURRENCIES, type Currency, type FloatBalance } from "@/lib/catalog/dev-endpoints";
import type { Dialect } from "@/lib/config";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { rawStatement } from "@/lib/db/raw";
import * as S from "./statements";
import { config, nowDate } from "@/lib/runtime";

export * as floatStatements from "./statements";

type Tx = Pick<Db, "$executeRawUnsafe">;

/** What payouts accepted and still QUEUED at `now` have reserved, per currency. */
async function reservedOf(appId: string, now: Date, db: Db): Promise<Map<string, number>> {
  const rows = await db.resource.groupBy({
    by: ["floatCurrency"],
    where: { appId, floatAmount: { not: null }, OR: [{ settlesAt: null }, { settlesAt: { gt: now } }] },
    _sum: { floatAmount: true },
  });
  return new Map(rows.map((r) => [r.floatCurrency ?? "", r._sum.floatAmount ?? 0]));
}

/** The app's float in each currency (the default where it was never set or moved). */
export async function floatBalances(appId: string, db: Db = defaultDb, now = nowDate()): Promise<FloatBalance[]> {
  const [rows, reserved] = await Promise.all([db.floatBalance.findMany({ where: { appId } }), reservedOf(appId, now, db)]);
  const available = new Map(rows.map((r) => [r.currency, r.available]));
  return CURRENCIES.map((currency) => ({
    currency, available: available.get(currency) ?? config.floatDefault, reserved: reserved.get(currency) ?? 0,
  }));
}

// `dialect`: the database's, when it is not the configured one (tests/store/float.test.ts).

/** Sets what is available in `currency`; reserves stay. Answers the balance. */
export async function setFloat(appId: string, currency: Currency, available: number, db: Db = defaultDb, dialect?: Dialect): Promise<FloatBalance> {
  await rawStatement(S.set, db, dialect)({ appId, currency, available });
  return (await floatBalances(appId, db)).find((b) => b.currency === currency)!;
}

/** Every currency back to the default: run it alone, or in the reset's `db.$transaction([...])`. */
export const resetFloat = (appId: string, db: Tx = defaultDb, dialect?: Dialect) => rawStatement(S.reset, db, dialect)({ appId });

/** A held payout's reserve given back (in the transaction that resolves it). */
export const releaseFloat = (tx: Tx, appId: string, currency: string, amount: number, dialect?: Dialect) =>
  rawStatement(S.release, tx, dialect)({ appId, currency, amount });
