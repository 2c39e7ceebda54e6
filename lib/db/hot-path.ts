// The connection the hot paths' stores are built on (lib/gateway/store,
// lib/callbacks/store): the process's own, on DATABASE_URL, or one opened on
// any database (the store conformance suite, tests/store, opens one per database).
import type pg from "pg";
import { config } from "@/lib/runtime";
import { dialectOf, sqlitePath } from "@/lib/config";
import { endPgPool, newPool, pgPool } from "./pg";
import { disconnectDb } from "./prisma";
import { closeSqliteHotPath, openSqlite, sqliteHotPath, type SqliteHotPath } from "./sqlite";

export type HotPath =
  | { dialect: "sqlite"; sqlite: SqliteHotPath }
  /** `url`: where the dispatcher's store opens its LISTEN connection. */
  | { dialect: "postgresql"; pool: pg.Pool; url: string };

/** The process's connection (SQLite's group commit, or the bounded `pg` pool), opened on first use, after migrations. */
export function hotPath(): HotPath {
  return config.dialect === "postgresql"
    ? { dialect: "postgresql", pool: pgPool(), url: config.databaseUrl }
    : { dialect: "sqlite", sqlite: sqliteHotPath() };
}

/** A connection of its own to the database at `url`; `closeHotPath` ends it. */
export function openHotPath(url: string, pgPoolMax = config.pgPoolMax): HotPath {
  return dialectOf(url) === "postgresql"
    ? { dialect: "postgresql", pool: newPool(url, pgPoolMax), url }
    : { dialect: "sqlite", sqlite: openSqlite(sqlitePath(url)) };
}

/**
 * Closes what the current portal opened on its database: the hot path's connection and Prisma's client
 * (server/shutdown.ts, once the runtime stopped: nothing of the portal uses them then).
 */
export async function closeDatabases(): Promise<void> {
  closeSqliteHotPath();
  await Promise.all([endPgPool(), disconnectDb()]);
}

export async function closeHotPath(h: HotPath): Promise<void> {
  if (h.dialect === "postgresql") await h.pool.end();
  else h.sqlite.conn.close();
}
