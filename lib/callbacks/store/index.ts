// What the dispatcher reads and writes, behind one small interface: each
// callback costs a claim and a record, so they stay off the ORM like the
// gateway's hot path. The statements are written once (statements.ts);
// sqlite.ts and pg.ts hold what the databases do differently (a claim in the
// group commit's transaction, or FOR UPDATE SKIP LOCKED and LISTEN/NOTIFY).
// Tested on both databases by tests/store/dispatch.test.ts. The console reads
// deliveries through Prisma.
import { hotPath, type HotPath } from "@/lib/db/hot-path";
import { part, runtime } from "@/lib/runtime";
import { PgDispatchStore } from "./pg";
import { SqliteDispatchStore } from "./sqlite";

export type * from "./types";
import type { DispatchStore } from "./types";

/** The store on a connection (the process's, or one of the store tests'). */
export function dispatchStoreOn(h: HotPath): DispatchStore {
  return h.dialect === "postgresql" ? new PgDispatchStore(h.pool, h.url) : new SqliteDispatchStore(h.sqlite);
}

const STORE = part<DispatchStore>("dispatchStore");

/** The process's store, on the configured database (a part of the runtime, shared across Next's bundles). */
export function dispatchStore(): DispatchStore {
  return runtime().of(STORE, () => dispatchStoreOn(hotPath()));
}
