// The gateway's store on SQLite: the statements prepared on a hot-path
// connection (lib/db/sqlite.ts), writes in its group commit. What only SQLite
// does: tokens cached until another connection writes, the subscriptions read
// apart, and the reference guard checked in the group commit's transaction.
import { param, sql } from "@/lib/db/sql";
import { prepare, retryBusy, type SqliteHotPath } from "@/lib/db/sqlite";
import { Subscription } from "@/lib/db/tables";
import { insertDelivery } from "@/lib/callbacks/store/statements";
import type { TrackedResource } from "@/lib/engine";
import { floatStatements as F } from "@/lib/float";
import type { CallRows, GatewayStore, PrunedTable, ReferenceGuard, TokenRow } from "./types";
import * as S from "./statements";
import { config, nowDate } from "@/lib/runtime";

const TOKEN = sql`SELECT ${S.TOKEN_COLUMNS} ${S.TOKEN_FROM}`;
const SUBSCRIPTIONS = sql`SELECT ${Subscription.cols(["group", "status"])} FROM "Subscription" WHERE "appId" = ${param("appId")}`;

export class SqliteGatewayStore implements GatewayStore {
  private readonly q;
  private readonly dataVersion;

  constructor(private readonly db: SqliteHotPath) {
    const { conn } = db;
    this.q = {
      token: prepare(conn, TOKEN),
      subscriptions: prepare(conn, SUBSCRIPTIONS),
      expireToken: prepare(conn, S.expireToken),
      count: prepare(conn, S.countCalls),
      oldWindows: prepare(conn, S.oldWindows),
      countPlanCall: prepare(conn, S.countPlanCall),
      resource: prepare(conn, S.resource),
      referenceUsed: prepare(conn, S.referenceUsed),
      referenceTaken: prepare(conn, S.referenceTaken),
      insertResource: prepare(conn, S.insertResource),
      floatAvailable: prepare(conn, F.available),
      ensureFloat: prepare(conn, F.ensure),
      reserveFloat: prepare(conn, sql`${F.reserve}${F.met}`),
      insertDelivery: prepare(conn, insertDelivery),
      insertLog: prepare(conn, S.insertLog),
      prunes: {
        RequestLog: prepare(conn, S.prunes.RequestLog),
        Resource: prepare(conn, S.prunes.Resource),
        Delivery: prepare(conn, S.prunes.Delivery),
      } satisfies Record<PrunedTable, unknown>,
    };
    this.dataVersion = conn.prepare("PRAGMA data_version").pluck();
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

  tokenByHash(tokenHash: string): Promise<TokenRow | null> {
    return retryBusy(() => {
      const version = this.dataVersion.get() as number;
      if (version !== this.seenVersion || this.tokens.size >= 10_000) {
        this.tokens.clear();
        this.seenVersion = version;
      }
      const cached = this.tokens.get(tokenHash);
      if (cached !== undefined) return cached;
      const r = this.q.token.get({ tokenHash });
      if (!r) return null; // unknown tokens are not kept: guesses must not fill the map
      const row = S.tokenRow(r, this.q.subscriptions.all({ appId: r.id }));
      this.tokens.set(tokenHash, row);
      return row;
    });
  }

  /** Counts nothing: the token is cached and the count a local call (the rate-limit step counts it). */
  async tokenCounting(tokenHash: string): Promise<{ token: TokenRow | null; count?: number }> {
    return { token: await this.tokenByHash(tokenHash) };
  }

  /** This connection's own write does not change `data_version`: the cached token goes with it. */
  expireToken(tokenHash: string, at: Date): Promise<void> {
    return this.db.write(() => {
      this.q.expireToken.run({ tokenHash, at });
      this.tokens.delete(tokenHash);
    });
  }

  countCall(appId: string, window: number): Promise<number> {
    return this.db.write(() => {
      const { count } = this.q.count.get({ appId, window, calls: 1 })!;
      if (count === 1) this.q.oldWindows.run({ appId, window });
      return count;
    });
  }

  countPlanCall(appId: string, operationId: string): Promise<number> {
    return this.db.write(() => this.q.countPlanCall.get({ appId, operationId })!.count);
  }

  findResource(appId: string, id: string): Promise<TrackedResource | null> {
    return retryBusy(() => {
      const r = this.q.resource.get({ id, appId });
      return r ? S.trackedResource(r) : null;
    });
  }

  referenceInUse(appId: string, operationId: string, reference: string, asOf?: Date): Promise<boolean> {
    return retryBusy(() => this.inUse(appId, operationId, reference, asOf));
  }

  private inUse(appId: string, operationId: string, reference: string, asOf?: Date): boolean {
    const row = asOf
      ? this.q.referenceTaken.get({ appId, operationId, reference, asOf, ...S.FAILED_SETTLEMENTS })
      : this.q.referenceUsed.get({ appId, operationId, reference });
    return row !== undefined;
  }

  async floatAvailable(appId: string, currency: string): Promise<number> {
    const row = await retryBusy(() => this.q.floatAvailable.get({ appId, currency }));
    if (row) return row.available;
    return this.db.write(() => {
      this.q.ensureFloat.run({ appId, currency, available: config.floatDefault });
      return this.q.floatAvailable.get({ appId, currency })!.available;
    });
  }

  /**
   * In the group commit's transaction (it holds the write lock), so the
   * guard's check, the float's reservation and the inserts cannot interleave
   * with another writer. A reservation reads back what it met: the log row's
   * `floatAvailable`.
   */
  commit({ resource, delivery, log }: CallRows, guard?: ReferenceGuard): Promise<boolean> {
    return this.db.write(() => {
      if (guard && resource && this.inUse(resource.appId, guard.operationId, guard.reference, guard.asOf)) return false;
      let met: number | undefined;
      if (resource?.floatAmount != null) {
        const reserve = { appId: resource.appId, currency: resource.floatCurrency, amount: resource.floatAmount };
        const reserved = this.q.reserveFloat.get(reserve);
        if (!reserved) return false;
        met = reserved.met;
      }
      if (resource) this.q.insertResource.run({ resource });
      if (delivery) this.q.insertDelivery.run({ delivery });
      this.q.insertLog.run({ log: met === undefined ? log : { ...log, floatAvailable: met } });
      return true;
    });
  }

  prune(table: PrunedTable, appId: string, keep: number): Promise<void> {
    const statement = this.q.prunes[table];
    return this.db.write(() => {
      statement.run({ appId, keep, now: nowDate() });
    });
  }
}
