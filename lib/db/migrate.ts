// Applies the committed migrations at start (server and CLI) and writes new
// ones, for both dialects: prisma/migrations (SQLite) and
// prisma/postgresql/migrations (PostgreSQL, from the derived schema).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config, dialectOf, sqlitePath } from "@/lib/config";
import { sqliteAdapter } from "@/lib/db/client";
import { newClient } from "@/lib/db/pg";
import { derivePgSchema, PG_SCHEMA, SQLITE_SCHEMA, writePgSchema } from "@/lib/db/pg-schema";
import { loadEngine, migrationList, type Engine } from "@/lib/db/schema-engine";

const root = process.cwd();
export const TARGETS = {
  sqlite: { schemaFile: path.join(root, SQLITE_SCHEMA), migrationsDir: path.join(root, "prisma", "migrations") },
  postgresql: { schemaFile: path.join(root, PG_SCHEMA), migrationsDir: path.join(root, "prisma", "postgresql", "migrations") },
};

/** The schema engine connected to the database at `url`. */
export function engineFor(url: string): Promise<Engine> {
  return dialectOf(url) === "postgresql"
    ? loadEngine(TARGETS.postgresql.schemaFile, new PrismaPg({ connectionString: url, max: 2 }))
    : loadEngine(TARGETS.sqlite.schemaFile, sqliteAdapter(url));
}

const committed = (dir: string) => migrationList(dir).migrationDirectories.map((d) => d.path);

/**
 * Sets WAL (the CLI writes while the server reads and writes; it is a property
 * of the file) and tells whether every committed migration is already applied,
 * so the engine is loaded only when there is work for it.
 */
function sqliteUpToDate(url: string): boolean {
  const file = sqlitePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new Database(file, { timeout: 5000 });
  try {
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

/**
 * SQL that takes the database at `url` (migrated) to its dialect's schema:
 * empty when the migrations and the models agree.
 */
export async function driftOf(url: string): Promise<string> {
  const t = TARGETS[dialectOf(url)];
  const engine = await engineFor(url);
  try {
    return await engine.diff({ tag: "live", schemaFile: t.schemaFile }, { tag: "schema", file: t.schemaFile, content: fs.readFileSync(t.schemaFile, "utf8") });
  } finally {
    await engine.close();
  }
}

/**
 * SQLite: the wasm engine cannot replay migrations on a shadow database, so
 * they are applied to a scratch file and the diff is taken from that live
 * database.
 */
async function sqliteDiff(): Promise<string> {
  const scratch = path.join(os.tmpdir(), `svc-diff-${process.pid}-${Date.now()}.db`);
  const url = `file:${scratch}`;
  try {
    sqliteUpToDate(url);
    const engine = await engineFor(url);
    try {
      await engine.applyMigrations(TARGETS.sqlite.migrationsDir);
      const f = TARGETS.sqlite.schemaFile;
      return await engine.diff({ tag: "live", schemaFile: f }, { tag: "schema", file: f, content: fs.readFileSync(f, "utf8") });
    } finally {
      await engine.close();
    }
  } finally {
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) fs.rmSync(f, { force: true });
  }
}

/** A PostgreSQL server the engine may connect to while diffing (it writes nothing there). */
export const DEV_PG_URL = process.env.PG_DIFF_URL || "postgresql://sandbox:sandbox@127.0.0.1:5432/postgres";

/**
 * PostgreSQL: from the committed derived schema (what the committed
 * migrations build) to the newly derived one: two datamodels. The engine
 * insists on a connection (PG_DIFF_URL, default the README's local role).
 */
async function pgDiff(): Promise<string> {
  const t = TARGETS.postgresql;
  const next = derivePgSchema(fs.readFileSync(TARGETS.sqlite.schemaFile, "utf8"));
  const hasMigrations = committed(t.migrationsDir).length > 0;
  if (!fs.existsSync(t.schemaFile)) writePgSchema(root);
  const engine = await loadEngine(t.schemaFile, new PrismaPg({ connectionString: DEV_PG_URL, max: 1 }));
  try {
    const from = hasMigrations ? { tag: "schema" as const, file: t.schemaFile, content: fs.readFileSync(t.schemaFile, "utf8") } : { tag: "empty" as const };
    return await engine.diff(from, { tag: "schema", file: t.schemaFile, content: next });
  } finally {
    await engine.close();
  }
}

function writeMigration(dir: string, name: string, sql: string, provider: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
  const lock = path.join(dir, "migration_lock.toml");
  if (!fs.existsSync(lock)) fs.writeFileSync(lock, `provider = "${provider}"\n`);
}

/**
 * Writes a new migration folder per dialect from the schema change (same
 * name in both), and re-derives the PostgreSQL schema. Returns the folders written.
 */
export async function createMigration(name: string): Promise<string[]> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_")}`;
  const written: string[] = [];
  const sqliteSql = await sqliteDiff();
  if (sqliteSql.trim()) {
    writeMigration(TARGETS.sqlite.migrationsDir, dir, sqliteSql, "sqlite");
    written.push(`prisma/migrations/${dir}`);
  }
  const pgSql = await pgDiff();
  if (pgSql.trim()) {
    writeMigration(TARGETS.postgresql.migrationsDir, dir, pgSql, "postgresql");
    written.push(`prisma/postgresql/migrations/${dir}`);
  }
  writePgSchema(root);
  return written;
}
