// The gateway store's interface and row types (the stores in sqlite.ts and pg.ts implement it).
import type { DeliveryRow } from "@/lib/callbacks/store/statements";
import type { TrackedResource } from "@/lib/engine";
import type { LogRow, PrunedTable, ResourceRow, TokenRow } from "./statements";

export type { DeliveryRow, LogRow, PrunedTable, ResourceRow, TokenRow };

/**
 * The reference fact a call's scenario was chosen on ("not in use"): the
 * commit re-checks it atomically with its inserts, so two simultaneous calls
 * with the same new reference cannot both be accepted.
 */
export type ReferenceGuard = { operationId: string; reference: string; asOf?: Date };

/** What `tokenCounting` counts a call under: its operation's group, its rate window, when it was received. */
export type CountedCall = { group: string; window: number; at: Date };

/** What one call leaves behind. */
export type CallRows = { resource?: ResourceRow; delivery?: DeliveryRow; log: LogRow };

export interface GatewayStore {
  /** The token with its app and the app's subscriptions, by the token's hash. */
  tokenByHash(tokenHash: string): Promise<TokenRow | null>;
  /**
   * The token as `tokenByHash` reads it, and the call counted in its app's
   * window (`count`, as `countCall` answers) when the store counts in the same
   * statement and the call passes every check before the rate limit
   * (statements.ts ADMITTED). Without `count` the call was not counted: the
   * steps refuse it, or the rate-limit step counts it with `countCall`.
   */
  tokenCounting(tokenHash: string, call: CountedCall): Promise<{ token: TokenRow | null; count?: number }>;
  /** Expires the token at `at` on purpose (X-Svc-Fault: token_expired): refused from then on, its calls logged. */
  expireToken(tokenHash: string, at: Date): Promise<void>;
  /** Counts one call in the app's window; returns the window's count so far. */
  countCall(appId: string, window: number): Promise<number>;
  /** Numbers one more call of the operation under the app's fault plan; returns its number (1, 2, 3…). */
  countPlanCall(appId: string, operationId: string): Promise<number>;
  /** A resource of this app (never another app's). */
  findResource(appId: string, id: string): Promise<TrackedResource | null>;
  /** Whether this app used the reference on the operation (with `asOf`, Collect's rule: its prompt PENDING or COMPLETED at `asOf`; a FAILED one frees it). */
  referenceInUse(appId: string, operationId: string, reference: string, asOf?: Date): Promise<boolean>;
  /** What the app's float has available in `currency` (its row made at the default when it has none yet). */
  floatAvailable(appId: string, currency: string): Promise<number>;
  /**
   * Writes what one call leaves behind, in one transaction. With a guard, first
   * re-checks that the reference is still not in use (serialized per app and
   * reference); when it is, writes nothing and returns false. A resource that
   * takes from the float (`floatAmount`) reserves it in the same transaction
   * (lib/float/statements.ts `reserve`); when the float no longer covers it,
   * writes nothing and returns false.
   */
  commit(rows: CallRows, guard?: ReferenceGuard): Promise<boolean>;
  /** Keeps the newest `keep` rows of the app in one of the per-app tables the gateway writes. */
  prune(table: PrunedTable, appId: string, keep: number): Promise<void>;
}
