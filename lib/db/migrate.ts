// Applies the committed migrations (prisma/migrations) with Prisma's schema
// engine compiled to WebAssembly: the native engine cannot be downloaded here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { config, sqlitePath } from "@/lib/config";
import { sqliteAdapter } from "@/lib/db/client";
import { enableAutoVacuum, secureDbFile } from "@/lib/db/files";

const root = process.cwd();
const schemaFile = path.join(root, "prisma", "schema.prisma");
const migrationsDir = path.join(root, "prisma", "migrations");

type Engine = {
  applyMigrations(i: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(i: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  /** Frees the engine and closes its connections (the engine itself leaves them open). */
  close(): Promise<void>;
};

async function loadEngine(url: string): Promise<Engine> {
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const g = globalThis as unknown as { __svcSchemaWasm?: boolean };
  if (!g.__svcSchemaWasm) {
    const wasmPath = path.join(root, "node_modules", "@prisma", "schema-engine-wasm", "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start(): void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    g.__svcSchemaWasm = true;
  }
  const schema = fs.readFileSync(schemaFile, "utf8");
  const factory = sqliteAdapter(url);
  const connections: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const c = await connect();
    connections.push(c);
    return c;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const debug = () => {};
  const engine = (await bg.SchemaEngine.new({ datamodels: [[schemaFile, schema]] }, debug, adapter)) as unknown as {
    applyMigrations: Engine["applyMigrations"];
    diff: Engine["diff"];
    free(): void;
  };
  return {
    applyMigrations: (i) => engine.applyMigrations(i),
    diff: (i) => engine.diff(i),
    async close() {
      engine.free();
      await Promise.all(connections.map((c) => c.dispose()));
    },
  };
}

function migrationList() {
  const dirs = fs.existsSync(migrationsDir)
    ? fs.readdirSync(migrationsDir).filter((d) => fs.statSync(path.join(migrationsDir, d)).isDirectory()).sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((d) => ({
      path: d,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, d, "migration.sql"), "utf8") },
      },
    })),
  };
}

const filters = { externalTables: [], externalEnums: [] };

/**
 * Makes the file private, with incremental auto-vacuum, sets WAL (the CLI writes while the server reads and writes; it is a property
 * of the file) and tells whether every committed migration is already applied,
 * so the engine is loaded only when there is work for it.
 */
function prepareFile(url: string): boolean {
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
    return migrationList().migrationDirectories.every((d) => applied.has(d.path));
  } finally {
    conn.close();
  }
}

/** What `prisma migrate deploy` does. Returns the names of the migrations applied now. */
export async function applyMigrations(url = config.databaseUrl): Promise<string[]> {
  if (prepareFile(url)) return [];
  const engine = await loadEngine(url);
  try {
    const out = await engine.applyMigrations({ migrationsList: migrationList(), filters });
    return out.appliedMigrationNames;
  } finally {
    await engine.close();
  }
}

/**
 * SQL that takes the committed migrations to the current schema (empty when
 * none is needed). The wasm engine cannot replay migrations on a shadow
 * SQLite database, so they are applied to a scratch file and the diff is taken
 * from that live database.
 */
export async function diffMigrations(): Promise<string> {
  const scratch = path.join(os.tmpdir(), `svc-diff-${process.pid}-${Date.now()}.db`);
  const url = `file:${scratch}`;
  try {
    prepareFile(url);
    const engine = await loadEngine(url);
    try {
      await engine.applyMigrations({ migrationsList: migrationList(), filters });
      const schema = fs.readFileSync(schemaFile, "utf8");
      const files = [{ path: schemaFile, content: schema }];
      const out = await engine.diff({
        from: { tag: "schemaDatasource", files, configDir: root },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters,
      });
      return out.stdout ?? "";
    } finally {
      await engine.close();
    }
  } finally {
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) fs.rmSync(f, { force: true });
  }
}

/** Writes a new migration folder from the diff; returns its name, or null when nothing changed. */
export async function createMigration(name: string): Promise<string | null> {
  const sql = await diffMigrations();
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_")}`;
  fs.mkdirSync(path.join(migrationsDir, dir), { recursive: true });
  fs.writeFileSync(path.join(migrationsDir, dir, "migration.sql"), sql);
  const lock = path.join(migrationsDir, "migration_lock.toml");
  if (!fs.existsSync(lock)) fs.writeFileSync(lock, 'provider = "sqlite"\n');
  return dir;
}
