// The process's second SQLite connection, for the hot paths (gateway calls,
// callback dispatch): prepared statements instead of the ORM. Same file as
// Prisma's, WAL mode; dates in the text format Prisma's SQLite adapter reads.
import Database from "better-sqlite3";
import { config, sqlitePath } from "@/lib/config";

export type Statement = Database.Statement;

export const ts = (d: Date | null) => (d ? d.toISOString().replace("Z", "+00:00") : null);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Statements never wait inside SQLite (that would block the event loop while a
 * Prisma transaction of this process holds the lock): on SQLITE_BUSY they
 * yield and try again, for up to 5 s.
 */
export async function retryBusy<T>(fn: () => T): Promise<T> {
  for (let waited = 0; ; waited += 2) {
    try {
      return fn();
    } catch (e) {
      if ((e as { code?: string }).code !== "SQLITE_BUSY" || waited >= 5000) throw e;
      await sleep(2);
    }
  }
}

const g = globalThis as unknown as { __svcSqlite?: Database.Database };

/** The shared connection (across Next's bundles), opened on first use, after migrations. */
export function sqlite(): Database.Database {
  if (!g.__svcSqlite) {
    const conn = new Database(sqlitePath(config.databaseUrl));
    conn.pragma("busy_timeout = 0");
    // In WAL mode NORMAL loses nothing when the process dies (kill -9 included);
    // only an OS crash or power cut can drop the last commits. FULL would fsync
    // on every call's commit.
    conn.pragma("synchronous = NORMAL");
    g.__svcSqlite = conn;
  }
  return g.__svcSqlite;
}
