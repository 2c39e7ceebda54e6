// Local state is private to the portal's user: the data folder is 0700, the
// database and its WAL/SHM files 0600 (SQLite gives its side files the
// database file's mode), and the file reclaims the space of deleted rows.
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";

/** Creates (or tightens) the folder and the database file before SQLite opens it. */
export function secureDbFile(file: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (path.basename(dir) === "data") fs.chmodSync(dir, 0o700); // a shared parent (e.g. /tmp) is left alone
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, 0o600);
    } catch {
      /* side files appear later, with the database file's mode */
    }
  }
}

/**
 * Incremental auto-vacuum: freed pages are returned to the file system by
 * `reclaimSpace`. Switching an existing file over takes one VACUUM, once.
 */
export function enableAutoVacuum(conn: Database.Database): void {
  if (conn.pragma("auto_vacuum", { simple: true }) === 2) return;
  conn.pragma("auto_vacuum = INCREMENTAL");
  conn.exec("VACUUM");
}

/** Gives freed pages back (bounded work per call); the server calls it periodically. */
export function reclaimSpace(conn: Database.Database, pages = 2000): void {
  conn.pragma(`incremental_vacuum(${pages})`);
}
