// What the gateway reads and writes on every call, as one small interface. The
// hot path runs a handful of statements per call; through the ORM each costs
// ~0.1–0.3 ms of CPU (the benchmark's profile), through prepared statements a
// few microseconds. The statements are written once (statements.ts); sqlite.ts
// and pg.ts hold what the databases do differently (the token cache and the
// group commit on the embedded file; one round trip per commit, the advisory
// lock and NOTIFY for several instances on PostgreSQL). Tested on both
// databases by tests/store/gateway.test.ts.
import type { DeliveryRow } from "@/lib/callbacks/store";
import { hotPath, type HotPath } from "@/lib/db/hot-path";
import type { TrackedResource } from "@/lib/engine";
import { PgGatewayStore } from "./pg";
import { SqliteGatewayStore } from "./sqlite";
import type { LogRow, PrunedTable, ResourceRow, TokenRow } from "./statements";

export type { DeliveryRow, LogRow, PrunedTable, ResourceRow, TokenRow };

/**
 * The reference fact a call's scenario was chosen on ("not in use"): the
 * commit re-checks it atomically with its inserts, so two simultaneous calls
 * with the same new reference cannot both be accepted.
 */
export type ReferenceGuard = { operationId: string; reference: string; pendingAt?: Date };

/** What one call leaves behind. */
export type CallRows = { resource?: ResourceRow; delivery?: DeliveryRow; log: LogRow };

export interface GatewayStore {
  /** The token with its app and the app's subscriptions, by the token's hash. */
  tokenByHash(tokenHash: string): Promise<TokenRow | null>;
  /** Counts one call in the app's window; returns the window's count so far. */
  countCall(appId: string, window: number): Promise<number>;
  /** A resource of this app (never another app's). */
  findResource(appId: string, id: string): Promise<TrackedResource | null>;
  /** Whether this app used the reference on the operation (still pending after `pendingAt`, when given). */
  referenceInUse(appId: string, operationId: string, reference: string, pendingAt?: Date): Promise<boolean>;
  /**
   * Writes what one call leaves behind, in one transaction. With a guard, first
   * re-checks that the reference is still not in use (serialized per app and
   * reference); when it is, writes nothing and returns false.
   */
  commit(rows: CallRows, guard?: ReferenceGuard): Promise<boolean>;
  /** Keeps the newest `keep` rows of the app in one of the per-app tables the gateway writes. */
  prune(table: PrunedTable, appId: string, keep: number): Promise<void>;
}

/** The store on a connection (the process's, or one of the store tests'). */
export function gatewayStoreOn(h: HotPath): GatewayStore {
  return h.dialect === "postgresql" ? new PgGatewayStore(h.pool) : new SqliteGatewayStore(h.sqlite);
}

const g = globalThis as unknown as { __svcGatewayStore?: GatewayStore };

/** The process's store, on the configured database (shared across Next's bundles). */
export function gatewayStore(): GatewayStore {
  return (g.__svcGatewayStore ??= gatewayStoreOn(hotPath()));
}
