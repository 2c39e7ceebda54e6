// The gateway's store on PostgreSQL: the statements as named (prepared)
// statements on a bounded pool (lib/db/pg.ts). Several instances share one
// database: the rate window is one atomic upsert, token, app and subscription
// state are read on every call (one statement with the subscriptions, which
// also counts an operation call that passes the checks before the limit), a
// call's rows are one statement (data-modifying CTEs), a reference is claimed
// under a transaction-scoped advisory lock on (app, operation, reference), and
// a scheduled callback is announced to every instance's dispatcher.
import type pg from "pg";
import { ANNOUNCE_SCHEDULED, announcement } from "@/lib/callbacks/store/pg";
import { insertDelivery, insertDeliveryWhen } from "@/lib/callbacks/store/statements";
import { type Executed, executed, jsonRows, literal, named, type Named } from "@/lib/db/pg";
import { perTurn } from "@/lib/db/turn-batch";
import { inline, param, type Sql, sql } from "@/lib/db/sql";
import { RequestLog } from "@/lib/db/tables";
import type { TrackedResource } from "@/lib/engine";
import { floatStatements as F } from "@/lib/float";
import type { CallRows, CountedCall, GatewayStore, LogRow, PrunedTable, ReferenceGuard, TokenRow } from "./types";
import * as S from "./statements";
import { config, nowDate } from "@/lib/runtime";

const SUBSCRIPTIONS = sql`COALESCE((SELECT json_agg(json_build_object('group', s."group", 'status', s."status"))
  FROM "Subscription" s WHERE s."appId" = a."id"), '[]'::json) AS "subscriptions"`.reads<{ subscriptions: S.Subscriptions }>();

/**
 * The token and, when it passes every check before the rate limit, the call
 * counted in its app's window: `calls` calls of one turn in one upsert, as
 * `count`. One round trip where token and count were two (README "Performance").
 *
 * The count's transaction (this statement's implicit one) commits without
 * waiting for its WAL to reach the disk (`synchronous_commit` off for this
 * transaction only, set where the count is written): every call updates its
 * app's one row, and each waited for the previous commit's flush (86% of a
 * push's statement time went to this statement: /docs/performance). Nothing is
 * lost that was promised: WAL is written and flushed in order, and every call
 * counted here goes on to commit its own rows synchronously before it is
 * answered (a counted call has its app, so `persist` writes at least its log
 * row, a 429 too), which flushes the count with them; a count lost in a crash
 * is one whose call was never answered, or was answered an error with
 * nothing of it written (its commit failed; the 503 after eight decisions,
 * each undone by another call's synchronous commit). Until it is flushed, the
 * count is visible to every instance as any committed row is, so the limit
 * stays exact. The WAL writer flushes it within 3 × `wal_writer_delay`.
 */
const TOKEN_COUNTING = sql`WITH tok AS (SELECT ${S.TOKEN_COLUMNS}, ${SUBSCRIPTIONS}, ${S.ADMITTED} ${S.TOKEN_FROM}),
  c AS (INSERT INTO "RateWindow" ("appId", "window", "count")
    SELECT "id", ${param("window", "integer")}, ${param("calls", "integer")} FROM tok
    WHERE "admitted" AND set_config('synchronous_commit', 'off', true) IS NOT NULL
    ON CONFLICT ("appId", "window") DO UPDATE SET "count" = "RateWindow"."count" + excluded."count" RETURNING "count")
  SELECT tok.*, (SELECT "count" FROM c) AS "count" FROM tok`.reads<{ count: number | null }>();

type CommitShape = { resource: boolean; delivery: boolean; announce: boolean; reserve: boolean; guard?: "used" | "taken" };
type CommitParams = CallRows & {
  appId?: string; operationId?: string; reference?: string; asOf?: Date; announce?: string; currency?: string | null; amount?: number | null;
};

const joined = (items: Sql[]) => items.reduce((all, x) => sql`${all}, ${x}`);

/**
 * A call's rows in one statement (data-modifying CTEs), selecting the
 * scheduled callback's announcement when there is one (it goes out at commit).
 * With a guard, the reference is re-checked in the same statement and every
 * row is written only when it is still free; run after the advisory lock (a
 * statement of its own: a statement's snapshot is taken when it starts, so the
 * check must start after the lock is held). Returns a row when it wrote.
 */
function commitStatement({ resource, delivery, announce, reserve, guard }: CommitShape): Sql<CommitParams, { written: number }> {
  const ctes: Sql[] = [];
  if (guard) ctes.push(sql`free AS (SELECT 1 WHERE NOT EXISTS (${guard === "taken" ? S.referenceTaken : S.referenceUsed}))`);
  // The float's reservation (after the reference's re-check): the row lock orders concurrent ones, each re-checked on the newest row.
  // It reads back what it met: the log row's `floatAvailable`.
  if (reserve) ctes.push(sql`f AS (${F.reserve}${guard ? sql` AND EXISTS (SELECT 1 FROM free)` : sql``}${F.met})`);
  const gated = Boolean(guard || reserve);
  if (resource) ctes.push(sql`r AS (${gated ? S.insertResourceWhen(reserve ? sql`FROM f` : sql`FROM free`) : S.insertResource} RETURNING 1)`);
  if (delivery) ctes.push(sql`d AS (${gated ? insertDeliveryWhen(sql`FROM r`) : insertDelivery} RETURNING 1)`);
  const met = reserve ? { floatAvailable: sql`(SELECT "met" FROM f)` } : undefined;
  ctes.push(sql`l AS (${gated ? S.insertLogWhen(sql`FROM r`, met) : S.insertLog} RETURNING 1)`);
  const notify = announce ? sql`, ${ANNOUNCE_SCHEDULED}` : sql``;
  return sql`WITH ${joined(ctes)} SELECT 1 AS "written"${notify} FROM l` as Sql<CommitParams, { written: number }>;
}

type Commit = { named: Named<CommitParams, { written: number }>; executed: Executed<CommitParams> };
const commits = new Map<string, Commit>();
function commitOf(shape: CommitShape): Commit {
  const key = `${shape.resource ? "r" : ""}${shape.delivery ? "d" : ""}l${shape.announce ? "_n" : ""}${shape.reserve ? "_f" : ""}${shape.guard ? `_${shape.guard}` : ""}`;
  let c = commits.get(key);
  if (!c) {
    const statement = commitStatement(shape);
    commits.set(key, (c = { named: named(`commit_${key}`, statement), executed: executed(`commit_${key}`, statement) }));
  }
  return c;
}

/** Held until the end of the transaction: a second call with the same (app, operation, reference) waits for the first to commit. */
const LOCK_REFERENCE = sql`SELECT pg_advisory_xact_lock(hashtextextended(${param("key")}, 0))`;

const Q = {
  insertLogs: named("insert_logs", RequestLog.insertRows("logs", ["seq"])),
  token: named("token", sql`SELECT ${S.TOKEN_COLUMNS}, ${SUBSCRIPTIONS} ${S.TOKEN_FROM}`),
  tokenCounting: named("token_counting", TOKEN_COUNTING),
  expireToken: named("expire_token", S.expireToken),
  count: named("count", S.countCalls),
  oldWindows: named("old_windows", S.oldWindows),
  countPlanCall: named("count_plan_call", S.countPlanCall),
  resource: named("resource", S.resource),
  referenceUsed: named("reference_used", S.referenceUsed),
  referenceTaken: named("reference_taken", S.referenceTaken),
  floatAvailable: named("float_available", F.available),
  ensureFloat: named("float_ensure", F.ensure),
  prunes: {
    RequestLog: named("prune_RequestLog", S.prunes.RequestLog),
    Resource: named("prune_Resource", S.prunes.Resource),
    Delivery: named("prune_Delivery", S.prunes.Delivery),
  } satisfies Record<PrunedTable, unknown>,
};

type Counted = { appId: string; window: number };
type TokenCounted = CountedCall & { tokenHash: string };

export class PgGatewayStore implements GatewayStore {
  /**
   * The calls of one app counted in one turn of the event loop share one
   * upsert (16 concurrent calls: one round trip instead of 16); each is
   * answered its own count, as if counted one after another.
   */
  private readonly count = perTurn<Counted, number>(
    (c) => `${c.appId} ${c.window}`,
    async (calls) => {
      const { appId, window } = calls[0]!;
      const { count } = (await Q.count.query(this.pool, { appId, window, calls: calls.length })).rows[0]!;
      const first = count - calls.length + 1;
      if (first === 1) await Q.oldWindows.query(this.pool, { appId, window });
      return calls.map((_, i) => first + i);
    },
  );

  /**
   * The calls with one token on one group counted in one turn share one
   * statement, as `count`'s do; `at` is the latest call's, so a token that
   * passes then passed for every one of them.
   */
  private readonly tokenCount = perTurn<TokenCounted, { token: TokenRow | null; count?: number }>(
    (c) => `${c.tokenHash} ${c.group} ${c.window}`,
    async (calls) => {
      const { tokenHash, group, window } = calls[0]!;
      const at = new Date(Math.max(...calls.map((c) => c.at.getTime())));
      const r = (await Q.tokenCounting.query(this.pool, { tokenHash, group, window, at, calls: calls.length })).rows[0];
      const token = r ? S.tokenRow(r, r.subscriptions) : null;
      if (r?.count == null) return calls.map(() => ({ token }));
      const first = r.count - calls.length + 1;
      if (first === 1) await Q.oldWindows.query(this.pool, { appId: r.id, window });
      return calls.map((_, i) => ({ token, count: first + i }));
    },
  );

  /**
   * Calls that leave only their log row (a status call, a refused call)
   * write the rows of one turn of the event loop in one statement.
   */
  private readonly logs = perTurn<LogRow, boolean>(
    () => "",
    async (rows) => {
      await Q.insertLogs.query(this.pool, { logs: jsonRows(rows) });
      return rows.map(() => true);
    },
  );

  constructor(private readonly pool: pg.Pool) {}

  async tokenByHash(tokenHash: string): Promise<TokenRow | null> {
    const r = (await Q.token.query(this.pool, { tokenHash })).rows[0];
    return r ? S.tokenRow(r, r.subscriptions) : null;
  }

  tokenCounting(tokenHash: string, call: CountedCall): Promise<{ token: TokenRow | null; count?: number }> {
    return this.tokenCount({ tokenHash, ...call });
  }

  async expireToken(tokenHash: string, at: Date): Promise<void> {
    await Q.expireToken.query(this.pool, { tokenHash, at });
  }

  countCall(appId: string, window: number): Promise<number> {
    return this.count({ appId, window });
  }

  async countPlanCall(appId: string, operationId: string): Promise<number> {
    return (await Q.countPlanCall.query(this.pool, { appId, operationId })).rows[0]!.count;
  }

  async findResource(appId: string, id: string): Promise<TrackedResource | null> {
    const r = (await Q.resource.query(this.pool, { id, appId })).rows[0];
    return r ? S.trackedResource(r) : null;
  }

  async referenceInUse(appId: string, operationId: string, reference: string, asOf?: Date): Promise<boolean> {
    const { rows } = asOf
      ? await Q.referenceTaken.query(this.pool, { appId, operationId, reference, asOf, ...S.FAILED_SETTLEMENTS })
      : await Q.referenceUsed.query(this.pool, { appId, operationId, reference });
    return rows.length > 0;
  }

  /**
   * With a guard: the advisory lock on (app, operation, reference), then the
   * statement that re-checks the reference and writes, sent together in one
   * simple query on a connection of the pool: the lock's values inlined as
   * escaped literals (that protocol takes no parameters), the statement an
   * `EXECUTE` of its SQL-level prepared statement, prepared on the connection
   * the first time it runs there (one more round trip, once): parsed and
   * planned on every push before, 42% of its time (/docs/performance). Its
   * statements run in one implicit transaction, so the lock is held until the
   * rows are committed, and each statement takes its own snapshot, so the
   * re-check sees what the lock's previous holder committed. One round trip
   * instead of BEGIN, lock, statement, COMMIT.
   */
  async commit(rows: CallRows, guard?: ReferenceGuard): Promise<boolean> {
    const { resource, delivery } = rows;
    const announce = delivery?.state === "SCHEDULED";
    const reserve = resource?.floatAmount != null;
    const shape = { resource: Boolean(resource), delivery: Boolean(delivery), announce, reserve };
    const params: CommitParams = {
      ...rows, ...(announce ? { announce: announcement(delivery.dueAt) } : {}),
      ...(reserve ? { appId: resource.appId, currency: resource.floatCurrency, amount: resource.floatAmount } : {}),
    };
    if (!resource && !delivery) return this.logs(rows.log);
    if (!(guard && resource)) return (await commitOf(shape).named.query(this.pool, params)).rows.length > 0;
    const { operationId, reference, asOf } = guard;
    const { executed: write } = commitOf({ ...shape, guard: asOf ? "taken" : "used" });
    const lock = inline(LOCK_REFERENCE, { key: `${resource.appId}\u001f${operationId}\u001f${reference}` }, literal);
    const client = await this.pool.connect();
    let failed: Error | undefined;
    try {
      await write.prepareOn(client);
      const results = (await client.query(`${lock}; ${write.execute({ ...params, appId: resource.appId, operationId, reference, asOf, ...S.FAILED_SETTLEMENTS })}`)) as unknown as pg.QueryResult[];
      return results[1]!.rows.length > 0;
    } catch (e) {
      failed = e as Error; // as the pool's own query does: a connection that failed a query is not reused
      throw e;
    } finally {
      client.release(failed);
    }
  }

  async floatAvailable(appId: string, currency: string): Promise<number> {
    const row = (await Q.floatAvailable.query(this.pool, { appId, currency })).rows[0];
    if (row) return row.available;
    await Q.ensureFloat.query(this.pool, { appId, currency, available: config.floatDefault });
    return (await Q.floatAvailable.query(this.pool, { appId, currency })).rows[0]!.available;
  }

  async prune(table: PrunedTable, appId: string, keep: number): Promise<void> {
    await Q.prunes[table].query(this.pool, { appId, keep, now: nowDate() });
  }
}
