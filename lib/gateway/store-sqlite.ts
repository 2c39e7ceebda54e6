// The gateway's store on the embedded SQLite database: prepared statements on
// the hot-path connection (lib/db/sqlite.ts).
import type Database from "better-sqlite3";
import { testNumbersOf } from "@/lib/catalog/devapi";
import { retryBusy, sqlite, ts, write, type Statement } from "@/lib/db/sqlite";
import type { TrackedResource } from "@/lib/engine";
import type { GatewayStore, PrunedTable, ReferenceGuard, TokenRow } from "./store";

class SqliteGatewayStore implements GatewayStore {
  private readonly conn: Database.Database;
  private readonly q;
  private readonly prunes: Record<PrunedTable, [Statement, Statement]>;

  constructor(conn: Database.Database) {
    this.conn = conn;
    const p = (sql: string) => this.conn.prepare(sql);
    this.q = {
      token: p(`SELECT t."expiresAt", k."revokedAt", a."id", a."suspended", a."perMinute", a."callbackUrl", a."callbackFaults", a."timeScale", a."testNumbers",
          a."parentAppId", a."expiresAt" AS "appExpiresAt"
        FROM "AccessToken" t JOIN "KeyPair" k ON k."id" = t."keyPairId" JOIN "App" a ON a."id" = t."appId"
        WHERE t."tokenHash" = ?`),
      subscriptions: p(`SELECT "group", "status" FROM "Subscription" WHERE "appId" = ?`),
      dataVersion: p(`PRAGMA data_version`),
      count: p(`INSERT INTO "RateWindow" ("appId", "window", "count") VALUES (?, ?, 1)
        ON CONFLICT ("appId", "window") DO UPDATE SET "count" = "RateWindow"."count" + 1 RETURNING "count"`),
      oldWindows: p(`DELETE FROM "RateWindow" WHERE "appId" = ? AND "window" < ?`),
      resource: p(`SELECT "id", "scenarioKey", "settlesAt", "data" FROM "Resource" WHERE "id" = ? AND "appId" = ?`),
      referenceUsed: p(`SELECT 1 FROM "Resource" WHERE "appId" = ? AND "operationId" = ? AND "reference" = ? LIMIT 1`),
      referencePending: p(`SELECT 1 FROM "Resource" WHERE "appId" = ? AND "operationId" = ? AND "reference" = ? AND "settlesAt" > ? LIMIT 1`),
      insertResource: p(`INSERT INTO "Resource" ("id", "appId", "operationId", "reference", "scenarioKey", "settlesAt", "data", "createdAt")
        VALUES (@id, @appId, @operationId, @reference, @scenarioKey, @settlesAt, @data, @createdAt)`),
      insertDelivery: p(`INSERT INTO "Delivery" ("id", "appId", "resourceId", "operationId", "scenarioKey", "url", "body", "dueAt", "state", "faults", "attempts", "lastError", "createdAt")
        VALUES (@id, @appId, @resourceId, @operationId, @scenarioKey, @url, @body, @dueAt, @state, @faults, 0, @lastError, @createdAt)`),
      insertLog: p(`INSERT INTO "RequestLog" ("requestId", "appId", "via", "method", "path", "operationId", "status", "scenarioKey", "timeScale", "durationMs",
          "requestHeaders", "requestBody", "responseHeaders", "responseBody", "createdAt")
        VALUES (@requestId, @appId, @via, @method, @path, @operationId, @status, @scenarioKey, @timeScale, @durationMs,
          @requestHeaders, @requestBody, @responseHeaders, @responseBody, @createdAt)`),
    };
    // Newest first by insertion order; deliveries still to be sent are never dropped (attempts go with their delivery).
    this.prunes = {
      RequestLog: [p(`SELECT "seq" AS k FROM "RequestLog" WHERE "appId" = ? ORDER BY "seq" DESC LIMIT 1 OFFSET ?`),
        p(`DELETE FROM "RequestLog" WHERE "appId" = ? AND "seq" <= ?`)],
      Resource: [p(`SELECT "createdAt" AS k FROM "Resource" WHERE "appId" = ? ORDER BY "createdAt" DESC LIMIT 1 OFFSET ?`),
        p(`DELETE FROM "Resource" WHERE "appId" = ? AND "createdAt" <= ?`)],
      Delivery: [p(`SELECT "seq" AS k FROM "Delivery" WHERE "appId" = ? ORDER BY "seq" DESC LIMIT 1 OFFSET ?`),
        p(`DELETE FROM "Delivery" WHERE "appId" = ? AND "seq" <= ? AND "state" NOT IN ('SCHEDULED', 'SENDING')`)],
    };
  }

  /**
   * Tokens with their app, cached while no other connection has written to the
   * database: `PRAGMA data_version` changes with every commit of another
   * connection (the console's and the token endpoint's Prisma, the operator
   * command line), so a revocation, a suspension or a new subscription empties
   * the cache before the next call reads it. This connection's own writes
   * (logs, resources, deliveries, counts) never touch a token's answer.
   */
  private readonly tokens = new Map<string, TokenRow | null>();
  private seenVersion = -1;

  tokenByHash(hash: string): Promise<TokenRow | null> {
    return retryBusy(() => {
      const version = this.q.dataVersion.pluck().get() as number;
      if (version !== this.seenVersion || this.tokens.size >= 10_000) {
        this.tokens.clear();
        this.seenVersion = version;
      }
      const cached = this.tokens.get(hash);
      if (cached !== undefined) return cached;
      const row = this.token(hash);
      if (row) this.tokens.set(hash, row); // unknown tokens are not kept: guesses must not fill the map
      return row;
    });
  }

  private token(hash: string): TokenRow | null {
    const r = this.q.token.get(hash) as
      | { expiresAt: string; revokedAt: string | null; id: string; suspended: number; perMinute: number; callbackUrl: string | null; callbackFaults: string; timeScale: number; testNumbers: string }
      & { parentAppId: string | null; appExpiresAt: string | null } // throwaway sandboxes
      | undefined;
    if (!r) return null;
    const subscriptions = this.q.subscriptions.all(r.id) as { group: string; status: string }[];
    return {
      expiresAt: new Date(r.expiresAt),
      revoked: r.revokedAt !== null,
      app: {
        id: r.id, suspended: Boolean(r.suspended), perMinute: r.perMinute, callbackUrl: r.callbackUrl, callbackFaults: r.callbackFaults, subscriptions,
        timeScale: r.timeScale, testNumbers: testNumbersOf(r.testNumbers),
        parentAppId: r.parentAppId, expiresAt: r.appExpiresAt ? new Date(r.appExpiresAt) : null,
      },
    };
  }

  countCall(appId: string, window: number): Promise<number> {
    return write(() => {
      const { count } = this.q.count.get(appId, window) as { count: number };
      if (count === 1) this.q.oldWindows.run(appId, window);
      return count;
    });
  }

  findResource(appId: string, id: string): Promise<TrackedResource | null> {
    return retryBusy(() => {
      const r = this.q.resource.get(id, appId) as { id: string; scenarioKey: string; settlesAt: string | null; data: string } | undefined;
      return r ? { id: r.id, scenarioKey: r.scenarioKey, settlesAt: r.settlesAt ? new Date(r.settlesAt) : null, data: JSON.parse(r.data) } : null;
    });
  }

  referenceInUse(appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean> {
    return retryBusy(() => this.inUse(appId, operationId, reference, pendingAt));
  }

  private inUse(appId: string, operationId: string, reference: string, pendingAt?: Date): boolean {
    const row = pendingAt
      ? this.q.referencePending.get(appId, operationId, reference, ts(pendingAt))
      : this.q.referenceUsed.get(appId, operationId, reference);
    return row !== undefined;
  }

  /**
   * In the group commit's transaction (it holds the write lock), so the
   * guard's check and the inserts cannot interleave with another writer.
   */
  commit(rows: Parameters<GatewayStore["commit"]>[0], guard?: ReferenceGuard): Promise<boolean> {
    return write(() => {
      const { resource, delivery, log } = rows;
      if (guard && resource && this.inUse(resource.appId, guard.operationId, guard.reference, guard.pendingAt)) return false;
      if (resource) this.q.insertResource.run({ ...resource, settlesAt: ts(resource.settlesAt), createdAt: ts(resource.createdAt) });
      if (delivery) this.q.insertDelivery.run({ ...delivery, dueAt: ts(delivery.dueAt), createdAt: ts(delivery.createdAt) });
      this.q.insertLog.run({ ...log, createdAt: ts(log.createdAt) });
      return true;
    });
  }

  prune(table: PrunedTable, appId: string, keep: number): Promise<void> {
    const [cutoffOf, remove] = this.prunes[table];
    return write(() => {
      const cutoff = cutoffOf.get(appId, keep) as { k: number | string } | undefined;
      if (cutoff) remove.run(appId, cutoff.k);
    });
  }
}

const g = globalThis as unknown as { __svcGatewayStore?: GatewayStore };

/** The process's SQLite store (shared across Next's bundles). */
export function sqliteGatewayStore(): GatewayStore {
  return (g.__svcGatewayStore ??= new SqliteGatewayStore(sqlite()));
}
