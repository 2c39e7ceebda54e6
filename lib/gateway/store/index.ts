// What the gateway reads and writes on every call, as one small interface. The
// hot path runs a handful of statements per call; through the ORM each costs
// ~0.1–0.3 ms of CPU (the benchmark's profile), through prepared statements a
// few microseconds. The statements are written once (statements.ts); sqlite.ts
// and pg.ts hold what the databases do differently (the token cache and the
// group commit on the embedded file; one round trip per commit, the advisory
// lock and NOTIFY for several instances on PostgreSQL). Tested on both
// databases by tests/store/gateway.test.ts.
import { hotPath, type HotPath } from "@/lib/db/hot-path";
import { part, runtime } from "@/lib/runtime";
import { PgGatewayStore } from "./pg";
import { SqliteGatewayStore } from "./sqlite";

export type * from "./types";
import type { GatewayStore } from "./types";

/** The store on a connection (the process's, or one of the store tests'). */
export function gatewayStoreOn(h: HotPath): GatewayStore {
  return h.dialect === "postgresql" ? new PgGatewayStore(h.pool) : new SqliteGatewayStore(h.sqlite);
}

const STORE = part<GatewayStore>("gatewayStore");

/** The process's store, on the configured database (a part of the runtime, shared across Next's bundles). */
export function gatewayStore(): GatewayStore {
  return runtime().of(STORE, () => gatewayStoreOn(hotPath()));
}
