// Writing new migrations (npm run db:diff), for both dialects; never loaded by
// the server (lib/db/migrate.ts applies them).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { committed, engineFor, sqliteUpToDate, TARGETS } from "@/lib/db/migrate";
import { dialectOf } from "@/lib/config";
import { derivePgSchema, writePgSchema } from "@/lib/db/pg-schema";
import { loadEngine } from "@/lib/db/schema-engine";

const root = process.cwd();

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
