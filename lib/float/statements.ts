// Every change of an app's float row ("FloatBalance"), written once for both
// databases (lib/db/sql.ts renders them): the gateway's stores run `ensure`,
// `available` and `reserve` on the hot path (reserve inside a payout's commit,
// lib/gateway/store), the rest run through Prisma (index.ts, and a held
// payout's resolve in lib/callbacks/held.ts). No change reads then writes:
// each is one statement that any number of instances may run at once.
import { param, sql } from "@/lib/db/sql";
import { FloatBalance } from "@/lib/db/tables";

const appId = param("appId");
const currency = param("currency");
const amount = param("amount");

/** The row of a float not set yet, at the default (`available`); a row that exists is left as it is. */
export const ensure = sql`INSERT INTO "FloatBalance" ("appId", "currency", "available") VALUES (${appId}, ${currency}, ${param("available")})
  ON CONFLICT ("appId", "currency") DO NOTHING`;

export const available = sql`SELECT ${FloatBalance.cols(["available"])} FROM "FloatBalance" WHERE "appId" = ${appId} AND "currency" = ${currency}`;

/**
 * A payout accepted: its amount leaves what is available, only if it is
 * there (no row changed: the float did not cover it, and the payout's commit
 * writes nothing). PostgreSQL's row lock and SQLite's write lock order
 * concurrent reservations; each sees the one before.
 */
export const reserve = sql`UPDATE "FloatBalance" SET "available" = "available" - ${amount}
  WHERE "appId" = ${appId} AND "currency" = ${currency} AND "available" >= ${amount}`;

/** Appended to `reserve` (after any condition of its own): what was available before it, for the payout's request-log row. */
export const met = sql` RETURNING "available" + ${amount} AS "met"`.reads<{ met: number }>();

/** A held payout resolved as FAILED: its reserve comes back. */
export const release = sql`UPDATE "FloatBalance" SET "available" = "available" + ${amount} WHERE "appId" = ${appId} AND "currency" = ${currency}`;

/** Set by its owner: what is available becomes `available`; reserves stay. */
export const set = sql`INSERT INTO "FloatBalance" ("appId", "currency", "available") VALUES (${appId}, ${currency}, ${param("available")})
  ON CONFLICT ("appId", "currency") DO UPDATE SET "available" = excluded."available"`;

/** Back to the default in every currency (no row: the default). */
export const reset = sql`DELETE FROM "FloatBalance" WHERE "appId" = ${appId}`;
