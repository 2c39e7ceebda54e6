// The gateway's store on PostgreSQL: named (prepared), parameterized
// statements on the bounded hot-path pool (lib/db/pg.ts). Several instances
// share one database: the rate window is one atomic upsert, token, app and
// subscription state are read on every call, and a reference is claimed under
// a transaction-scoped advisory lock on (app, operation, reference).
import type pg from "pg";
import { testNumbersOf } from "@/lib/catalog/devapi";
import { inTransaction, iso, pgPool, pgValues } from "@/lib/db/pg";
import type { TrackedResource } from "@/lib/engine";
import type { DeliveryRow, GatewayStore, LogRow, PrunedTable, ReferenceGuard, ResourceRow, TokenRow } from "./store";

/** The channel a scheduled callback is announced on (lib/callbacks/store-pg.ts listens). */
export const SCHEDULED_CHANNEL = "svc_callback_scheduled";

const Q = {
  token: `SELECT t."expiresAt", k."revokedAt", a."id", a."suspended", a."perMinute", a."callbackUrl", a."callbackFaults", a."timeScale", a."testNumbers",
      a."parentAppId", a."expiresAt" AS "appExpiresAt",
      COALESCE((SELECT json_agg(json_build_object('group', s."group", 'status', s."status"))
        FROM "Subscription" s WHERE s."appId" = a."id"), '[]'::json) AS subscriptions
    FROM "AccessToken" t JOIN "KeyPair" k ON k."id" = t."keyPairId" JOIN "App" a ON a."id" = t."appId"
    WHERE t."tokenHash" = $1`,
  count: `INSERT INTO "RateWindow" ("appId", "window", "count") VALUES ($1, $2, 1)
    ON CONFLICT ("appId", "window") DO UPDATE SET "count" = "RateWindow"."count" + 1 RETURNING "count"`,
  oldWindows: `DELETE FROM "RateWindow" WHERE "appId" = $1 AND "window" < $2`,
  resource: `SELECT "id", "scenarioKey", "settlesAt", "data" FROM "Resource" WHERE "id" = $1 AND "appId" = $2`,
  referenceUsed: `SELECT 1 FROM "Resource" WHERE "appId" = $1 AND "operationId" = $2 AND "reference" = $3 LIMIT 1`,
  referencePending: `SELECT 1 FROM "Resource" WHERE "appId" = $1 AND "operationId" = $2 AND "reference" = $3 AND "settlesAt" > $4 LIMIT 1`,
  lockReference: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
  notify: `SELECT pg_notify('${SCHEDULED_CHANNEL}', $1)`,
};

const LOG_COLS = `"requestId", "appId", "via", "method", "path", "operationId", "status", "scenarioKey", "timeScale", "durationMs",
  "requestHeaders", "requestBody", "responseHeaders", "responseBody", "createdAt"`;
const RESOURCE_COLS = `"id", "appId", "operationId", "reference", "scenarioKey", "settlesAt", "data", "createdAt"`;
const DELIVERY_COLS = `"id", "appId", "resourceId", "operationId", "scenarioKey", "url", "body", "dueAt", "state", "faults", "attempts", "lastError", "createdAt"`;

const params = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(", ");

/**
 * One statement writes the call's rows (data-modifying CTEs run once and
 * atomically): one round trip, no explicit transaction unless a guard needs one.
 */
function insertText(withResource: boolean, withDelivery: boolean): string {
  const parts: string[] = [];
  let n = 1;
  if (withResource) {
    parts.push(`r AS (INSERT INTO "Resource" (${RESOURCE_COLS}) VALUES (${params(n, 8)}))`);
    n += 8;
  }
  if (withDelivery) {
    parts.push(`d AS (INSERT INTO "Delivery" (${DELIVERY_COLS}) VALUES (${params(n, 10)}, 0, ${params(n + 10, 2)}))`);
    n += 12;
  }
  const insertLog = `INSERT INTO "RequestLog" (${LOG_COLS}) VALUES (${params(n, 15)})`;
  return parts.length ? `WITH ${parts.join(", ")} ${insertLog}` : insertLog;
}

function insertValues(resource?: ResourceRow, delivery?: DeliveryRow, log?: LogRow): unknown[] {
  const v: unknown[] = [];
  if (resource) {
    const r = resource;
    v.push(r.id, r.appId, r.operationId, r.reference, r.scenarioKey, iso(r.settlesAt), r.data, iso(r.createdAt));
  }
  if (delivery) {
    const d = delivery;
    v.push(d.id, d.appId, d.resourceId, d.operationId, d.scenarioKey, d.url, d.body, iso(d.dueAt), d.state, d.faults, d.lastError, iso(d.createdAt));
  }
  const l = log!;
  v.push(l.requestId, l.appId, l.via, l.method, l.path, l.operationId, l.status, l.scenarioKey, l.timeScale, l.durationMs,
    l.requestHeaders, l.requestBody, l.responseHeaders, l.responseBody, iso(l.createdAt));
  return v;
}

// Newest first by insertion order; deliveries still to be sent are never dropped (attempts go with their delivery).
const PRUNES: Record<PrunedTable, string> = {
  RequestLog: `DELETE FROM "RequestLog" WHERE "appId" = $1 AND "seq" <= (
    SELECT "seq" FROM "RequestLog" WHERE "appId" = $1 ORDER BY "seq" DESC LIMIT 1 OFFSET $2)`,
  Resource: `DELETE FROM "Resource" WHERE "appId" = $1 AND "createdAt" <= (
    SELECT "createdAt" FROM "Resource" WHERE "appId" = $1 ORDER BY "createdAt" DESC LIMIT 1 OFFSET $2)`,
  Delivery: `DELETE FROM "Delivery" WHERE "appId" = $1 AND "state" NOT IN ('SCHEDULED', 'SENDING') AND "seq" <= (
    SELECT "seq" FROM "Delivery" WHERE "appId" = $1 ORDER BY "seq" DESC LIMIT 1 OFFSET $2)`,
};

type Runner = Pick<pg.Pool, "query"> | pg.PoolClient;
const run = <R extends pg.QueryResultRow>(c: Runner, name: string, text: string, values: unknown[]) =>
  c.query<R>({ name: `svc_${name}`, text, values: pgValues(values) });

class PgGatewayStore implements GatewayStore {
  constructor(private readonly pool: pg.Pool) {}

  async tokenByHash(hash: string): Promise<TokenRow | null> {
    const { rows } = await run<{
      expiresAt: Date; revokedAt: Date | null; id: string; suspended: boolean; perMinute: number; callbackUrl: string | null; callbackFaults: string;
      timeScale: number; testNumbers: string; subscriptions: { group: string; status: string }[];
      parentAppId: string | null; appExpiresAt: Date | null; // throwaway sandboxes
    }>(this.pool, "token", Q.token, [hash]);
    const r = rows[0];
    if (!r) return null;
    return {
      expiresAt: r.expiresAt,
      revoked: r.revokedAt !== null,
      app: {
        id: r.id, suspended: r.suspended, perMinute: r.perMinute, callbackUrl: r.callbackUrl, callbackFaults: r.callbackFaults, subscriptions: r.subscriptions,
        timeScale: r.timeScale, testNumbers: testNumbersOf(r.testNumbers),
        parentAppId: r.parentAppId, expiresAt: r.appExpiresAt,
      },
    };
  }

  async countCall(appId: string, window: number): Promise<number> {
    const { rows } = await run<{ count: number }>(this.pool, "count", Q.count, [appId, window]);
    const count = rows[0]!.count;
    if (count === 1) await run(this.pool, "old_windows", Q.oldWindows, [appId, window]);
    return count;
  }

  async findResource(appId: string, id: string): Promise<TrackedResource | null> {
    const { rows } = await run<{ id: string; scenarioKey: string; settlesAt: Date | null; data: string }>(this.pool, "resource", Q.resource, [id, appId]);
    const r = rows[0];
    return r ? { id: r.id, scenarioKey: r.scenarioKey, settlesAt: r.settlesAt, data: JSON.parse(r.data) } : null;
  }

  referenceInUse(appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean> {
    return this.inUse(this.pool, appId, operationId, reference, pendingAt);
  }

  private async inUse(c: Runner, appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean> {
    const { rowCount } = pendingAt
      ? await run(c, "reference_pending", Q.referencePending, [appId, operationId, reference, iso(pendingAt)])
      : await run(c, "reference_used", Q.referenceUsed, [appId, operationId, reference]);
    return (rowCount ?? 0) > 0;
  }

  async commit(rows: Parameters<GatewayStore["commit"]>[0], guard?: ReferenceGuard): Promise<boolean> {
    const { resource, delivery, log } = rows;
    const name = `commit_${resource ? "r" : ""}${delivery ? "d" : ""}l`;
    const insert = [name, insertText(Boolean(resource), Boolean(delivery)), insertValues(resource, delivery, log)] as const;
    if (guard && resource) {
      const ok = await this.guarded(guard, resource.appId, insert);
      if (!ok) return false;
    } else {
      await run(this.pool, ...insert);
    }
    if (delivery?.state === "SCHEDULED") await run(this.pool, "notify", Q.notify, [String(delivery.dueAt.getTime())]);
    return true;
  }

  /**
   * The reference re-checked and the rows written in one transaction, under a
   * lock on (app, operation, reference): a second call with the same reference
   * waits for the first to commit, then sees its row.
   */
  private guarded(guard: ReferenceGuard, appId: string, insert: readonly [string, string, unknown[]]): Promise<boolean> {
    return inTransaction(async (c) => {
      await run(c, "lock_reference", Q.lockReference, [`${appId}\u001f${guard.operationId}\u001f${guard.reference}`]);
      if (await this.inUse(c, appId, guard.operationId, guard.reference, guard.pendingAt)) return false; // nothing written
      await run(c, ...insert);
      return true;
    }, this.pool);
  }

  async prune(table: PrunedTable, appId: string, keep: number): Promise<void> {
    await run(this.pool, `prune_${table}`, PRUNES[table], [appId, keep]);
  }
}

const g = globalThis as unknown as { __svcPgGatewayStore?: GatewayStore };

/** The process's PostgreSQL store (shared across Next's bundles). */
export function pgGatewayStore(): GatewayStore {
  return (g.__svcPgGatewayStore ??= new PgGatewayStore(pgPool()));
}
