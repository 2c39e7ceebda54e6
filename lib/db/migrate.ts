
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "@/lib/runtime";
import { dialectOf, sqlitePath } from "@/lib/config";
import { sqliteAdapter } from "@/lib/db/prisma";
import { enableAutoVacuum, secureDbFile } from "@/lib/db/files";
import { newClient } from "@/lib/db/pg";
import { loadEngine, migrationList, type Engine } from "@/lib/db/schema-engine";

const root = process.cwd();
export const TARGETS = {
  sqlite: { schemaFile: path.join(root, "prisma", "schema.prisma"), migrationsDir: path.join(root, "prisma", "migrations") },
  postgresql: { schemaFile: path.join(root, "prisma", "postgresql", "schema.prisma"), migrationsDir: path.join(root, "prisma", "postgresql", "migrations") },
};

/** The schema engine connected to the database at `url`. */
export function engineFor(url: string): Promise<Engine> {
  return dialectOf(url) === "postgresql"
    ? loadEngine(TARGETS.postgresql.schemaFile, new PrismaPg({ connectionString: url, max: 2 }))
    : loadEngine(TARGETS.sqlite.schemaFile, sqliteAdapter(url));
}

export const committed = (dir: string) => migrationList(dir).migrationDirectories.map((d) => d.path);

/**
 * Makes the file private, with incremental auto-vacuum, sets WAL (the CLI
 * writes while the server reads and writes; it is a property
 * of the file) and tells whether every committed migration is already applied,
 * so the engine is loaded only when there is work for it.
 */
export function sqliteUpToDate(url: string): boolean {
  const file = sqlitePath(url);
  secureDbFile(file);
  const conn = new Database(file, { timeout: 5000 });
  try {
    enableAutoVacuum(conn);
    if (conn.pragma("journal_mode", { simple: true }) !== "wal") conn.pragma("journal_mode = WAL");
    const table = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (!table) return false;
    const applied = new Set(
      (conn.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL").all() as { migration_name: string }[])
        .map((r) => r.migration_name),
    );
    return committed(TARGETS.sqlite.migrationsDir).every((d) => applied.has(d));
  } finally {
    conn.close();
  }
}

// Several instances may start at once on a fresh database: one applies, the others wait.
const MIGRATION_LOCK = 7_270_736_901;

async function applyPg(url: string): Promise<string[]> {
  const c = newClient(url);
  await c.connect();
  try {
    await c.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const { rows } = await c.query<{ t: string | null }>(`SELECT to_regclass('_prisma_migrations')::text AS t`);
    if (rows[0]!.t) {
      const applied = new Set((await c.query<{ migration_name: string }>(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL")).rows.map((r) => r.migration_name));
      if (committed(TARGETS.postgresql.migrationsDir).every((d) => applied.has(d))) return [];
    }
    const engine = await engineFor(url);
    try {
      return await engine.applyMigrations(TARGETS.postgresql.migrationsDir);
    } finally {
      await engine.close();
    }
  } finally {
    await c.end(); // ends the session: releases the lock
  }
}

/** What `prisma migrate deploy` does. Returns the names of the migrations applied now. */
export async function applyMigrations(url = config.databaseUrl): Promise<string[]> {
  if (dialectOf(url) === "postgresql") return applyPg(url);
  if (sqliteUpToDate(url)) return [];
  const engine = await engineFor(url);
  try {
    return await engine.applyMigrations(TARGETS.sqlite.migrationsDir);
  } finally {
    await engine.close();
  }
}

