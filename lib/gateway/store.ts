// What the gateway reads and writes on every call, as one small interface. The
// hot path runs a handful of statements per call; through the ORM each costs
// ~0.1–0.3 ms of CPU (the benchmark's profile), through prepared statements a
// few microseconds. store-sqlite.ts implements it for the embedded database,
// store-pg.ts for PostgreSQL (several instances on one database).
import type { TrackedResource } from "@/lib/engine";
import { config } from "@/lib/config";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import { pgGatewayStore } from "./store-pg";
import { sqliteGatewayStore } from "./store-sqlite";

/** Per-app tables the gateway fills; each is bounded (lib/config.ts). */
export type PrunedTable = "RequestLog" | "Resource" | "Delivery";

export type TokenRow = { expiresAt: Date; revoked: boolean; app: AuthenticatedApp };

export type ResourceRow = {
  id: string; appId: string; operationId: string; reference: string | null;
  scenarioKey: string; settlesAt: Date | null; data: string; createdAt: Date;
  /** A held resource (lib/engine/hold.ts): when it was held, and its HoldRecord as JSON; both null otherwise. */
  heldAt: Date | null; hold: string | null;
};

export type DeliveryRow = {
  id: string; appId: string; resourceId: string | null; operationId: string; scenarioKey: string;
  url: string | null; body: string; dueAt: Date; state: string; faults: string | null; lastError: string | null; createdAt: Date;
};

export type LogRow = {
  requestId: string; appId: string; via: string; method: string; path: string; operationId: string | null;
  status: number; scenarioKey: string | null; timeScale: number | null; durationMs: number; requestHeaders: string; requestBody: string | null;
  responseHeaders: string; responseBody: string; createdAt: Date;
};

/**
 * The reference fact a call's scenario was chosen on ("not in use"): the
 * commit re-checks it atomically with its inserts, so two simultaneous calls
 * with the same new reference cannot both be accepted.
 */
export type ReferenceGuard = { operationId: string; reference: string; pendingAt?: Date };

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
  commit(rows: { resource?: ResourceRow; delivery?: DeliveryRow; log: LogRow }, guard?: ReferenceGuard): Promise<boolean>;
  /** Keeps the newest `keep` rows of the app in one of the per-app tables the gateway writes. */
  prune(table: PrunedTable, appId: string, keep: number): Promise<void>;
}

/** The process's store for the configured database. */
export function gatewayStore(): GatewayStore {
  return config.dialect === "postgresql" ? pgGatewayStore() : sqliteGatewayStore();
}
