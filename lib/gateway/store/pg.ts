// The gateway's store on PostgreSQL: the statements as named (prepared)
// statements on a bounded pool (lib/db/pg.ts). Several instances share one
// database: the rate window is one atomic upsert, token, app and subscription
// state are read on every call (one statement with the subscriptions), a
// call's rows are one statement (data-modifying CTEs), a reference is claimed
// under a transaction-scoped advisory lock on (app, operation, reference), and
// a scheduled callback is announced to every instance's dispatcher.
import type pg from "pg";
import { announceScheduled } from "@/lib/callbacks/store/pg";
import { insertDelivery } from "@/lib/callbacks/store/statements";
import { inTransaction, named, type Named, type PgRunner } from "@/lib/db/pg";
import { param, sql } from "@/lib/db/sql";
import type { TrackedResource } from "@/lib/engine";
import type { CallRows, GatewayStore, PrunedTable, ReferenceGuard, TokenRow } from "./types";
import * as S from "./statements";

const SUBSCRIPTIONS = sql`COALESCE((SELECT json_agg(json_build_object('group', s."group", 'status', s."status"))
  FROM "Subscription" s WHERE s."appId" = a."id"), '[]'::json) AS "subscriptions"`.reads<{ subscriptions: S.Subscriptions }>();

/** A call's rows in one statement: one round trip, no explicit transaction unless a guard needs one. */
const commits: Record<string, Named<CallRows, object>> = {
  l: named("commit_l", S.insertLog),
  rl: named("commit_rl", sql`WITH r AS (${S.insertResource}) ${S.insertLog}`),
  dl: named("commit_dl", sql`WITH d AS (${insertDelivery}) ${S.insertLog}`),
  rdl: named("commit_rdl", sql`WITH r AS (${S.insertResource}), d AS (${insertDelivery}) ${S.insertLog}`),
};

const Q = {
  token: named("token", sql`SELECT ${S.TOKEN_COLUMNS}, ${SUBSCRIPTIONS} ${S.TOKEN_FROM}`),
  count: named("count", S.countCall),
  oldWindows: named("old_windows", S.oldWindows),
  resource: named("resource", S.resource),
  referenceUsed: named("reference_used", S.referenceUsed),
  referencePending: named("reference_pending", S.referencePending),
  lockReference: named("lock_reference", sql`SELECT pg_advisory_xact_lock(hashtextextended(${param("key")}, 0))`),
  prunes: {
    RequestLog: named("prune_RequestLog", S.prunes.RequestLog),
    Resource: named("prune_Resource", S.prunes.Resource),
    Delivery: named("prune_Delivery", S.prunes.Delivery),
  } satisfies Record<PrunedTable, unknown>,
};

export class PgGatewayStore implements GatewayStore {
  constructor(private readonly pool: pg.Pool) {}

  async tokenByHash(tokenHash: string): Promise<TokenRow | null> {
    const r = (await Q.token.query(this.pool, { tokenHash })).rows[0];
    return r ? S.tokenRow(r, r.subscriptions) : null;
  }

  async countCall(appId: string, window: number): Promise<number> {
    const { count } = (await Q.count.query(this.pool, { appId, window })).rows[0]!;
    if (count === 1) await Q.oldWindows.query(this.pool, { appId, window });
    return count;
  }

  async findResource(appId: string, id: string): Promise<TrackedResource | null> {
    const r = (await Q.resource.query(this.pool, { id, appId })).rows[0];
    return r ? S.trackedResource(r) : null;
  }

  referenceInUse(appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean> {
    return this.inUse(this.pool, appId, operationId, reference, pendingAt);
  }

  private async inUse(c: PgRunner, appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean> {
    const { rows } = pendingAt
      ? await Q.referencePending.query(c, { appId, operationId, reference, pendingAt })
      : await Q.referenceUsed.query(c, { appId, operationId, reference });
    return rows.length > 0;
  }

  async commit(rows: CallRows, guard?: ReferenceGuard): Promise<boolean> {
    const { resource, delivery } = rows;
    const insert = commits[`${resource ? "r" : ""}${delivery ? "d" : ""}l`]!;
    if (guard && resource) {
      const ok = await this.guarded(guard, resource.appId, (c) => insert.query(c, rows));
      if (!ok) return false;
    } else {
      await insert.query(this.pool, rows);
    }
    if (delivery?.state === "SCHEDULED") await announceScheduled(this.pool, delivery.dueAt);
    return true;
  }

  /**
   * The reference re-checked and the rows written in one transaction, under a
   * lock on (app, operation, reference): a second call with the same reference
   * waits for the first to commit, then sees its row.
   */
  private guarded(guard: ReferenceGuard, appId: string, insert: (c: PgRunner) => Promise<unknown>): Promise<boolean> {
    return inTransaction(async (c) => {
      await Q.lockReference.query(c, { key: `${appId}\u001f${guard.operationId}\u001f${guard.reference}` });
      if (await this.inUse(c, appId, guard.operationId, guard.reference, guard.pendingAt)) return false; // nothing written
      await insert(c);
      return true;
    }, this.pool);
  }

  async prune(table: PrunedTable, appId: string, keep: number): Promise<void> {
    await Q.prunes[table].query(this.pool, { appId, keep });
  }
}
