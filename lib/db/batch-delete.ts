// An app's rows of one table deleted a batch at a time (the sandbox sweeper,
// lib/services/sandbox-sweep.ts): each statement deletes at most `batch` rows
// and commits on its own. The one difference between the dialects: PostgreSQL
// skips the rows another instance's batch holds (SQLite has one writer).
import type { Dialect } from "@/lib/config";
import { param, Sql, sql, type Value } from "./sql";

export type BatchParams = { appId: Value; batch: Value };
/** One table's batch delete, named by its table. */
export type BatchDelete = { table: string; statement: Sql<BatchParams> };

const appId = param("appId");

/** The app's rows of `table`, picked by `key`; `join` finds them in a table without an appId column (alias `x`). */
export function batchDelete(table: string, key: string, dialect: Dialect, join?: Sql<{ appId: Value }>): BatchDelete {
  const lock = new Sql(dialect === "postgresql" ? [" FOR UPDATE OF x SKIP LOCKED"] : []);
  // Keys such as Subscription's, RateWindow's and FloatBalance's are unique per app only: the outer condition names the app too.
  const outer = join ? sql`` : sql`"appId" = ${appId} AND `;
  const where = join ?? sql`WHERE x."appId" = ${appId}`;
  const [t, k] = [new Sql([`"${table}"`]), new Sql([`"${key}"`])];
  // The batch is picked once (a CTE): as a subquery of IN, PostgreSQL may scan it again for each row
  // (a nested-loop semi join), and each scan skips the rows this statement already locked, so one
  // batch deleted more than `batch` rows (tests/store/deliveries.test.ts).
  const picked = sql`SELECT x.${k} FROM ${t} x ${where} LIMIT ${param("batch")}${lock}`;
  return { table, statement: sql`WITH b AS MATERIALIZED (${picked}) DELETE FROM ${t} WHERE ${outer}${k} IN (SELECT ${k} FROM b)` };
}
