// Prisma's schema engine compiled to WebAssembly (the native one cannot be
// downloaded here), driven through a driver adapter of either dialect.
import fs from "node:fs";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

const root = process.cwd();
/**
 * The WebAssembly module is set on the generated bindings, one module-level instance per process
 * (not a runtime's part: two portals in one process share the bindings, and a second instance set
 * under a running engine panics it), and engines run one at a time in the process (`turn`).
 */
type EngineSlot = { wasm?: Promise<void>; turn: Promise<void> };
const g = globalThis as unknown as { __svcSchemaEngine?: EngineSlot };
const slot = (g.__svcSchemaEngine ??= { turn: Promise.resolve() });

export type Engine = {
  applyMigrations(migrationsDir: string): Promise<string[]>;
  /** Migration SQL from one side to the other (empty when they agree). */
  diff(from: DiffSide, to: DiffSide): Promise<string>;
  /** Frees the engine and closes its connections (the engine itself leaves them open). */
  close(): Promise<void>;
};

/** `live`: the connected database; `schema`: a datamodel text; `empty`: nothing. */
export type DiffSide = { tag: "live"; schemaFile: string } | { tag: "schema"; file: string; content: string } | { tag: "empty" };

const filters = { externalTables: [], externalEnums: [] };

export function migrationList(migrationsDir: string) {
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

function side(s: DiffSide) {
  if (s.tag === "empty") return { tag: "empty" };
  if (s.tag === "live") return { tag: "schemaDatasource", files: [{ path: s.schemaFile, content: fs.readFileSync(s.schemaFile, "utf8") }], configDir: root };
  return { tag: "schemaDatamodel", files: [{ path: s.file, content: s.content }] };
}

export async function loadEngine(schemaFile: string, factory: SqlMigrationAwareDriverAdapterFactory): Promise<Engine> {
  const previous = slot.turn;
  let release!: () => void;
  slot.turn = new Promise<void>((r) => (release = r));
  await previous;
  try {
    return await engineOn(schemaFile, factory, release);
  } catch (e) {
    release();
    throw e;
  }
}

async function engineOn(schemaFile: string, factory: SqlMigrationAwareDriverAdapterFactory, release: () => void): Promise<Engine> {
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  slot.wasm ??= (async () => {
    const wasmPath = path.join(root, "node_modules", "@prisma", "schema-engine-wasm", "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start(): void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  await slot.wasm;
  const connections: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const c = await connect();
    connections.push(c);
    return c;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const debug = () => {};
  const schema = fs.readFileSync(schemaFile, "utf8");
  const engine = (await bg.SchemaEngine.new({ datamodels: [[schemaFile, schema]] }, debug, adapter)) as unknown as {
    applyMigrations(i: unknown): Promise<{ appliedMigrationNames: string[] }>;
    diff(i: unknown): Promise<{ exitCode: number; stdout: string | null }>;
    free(): void;
  };
  return {
    async applyMigrations(dir) {
      return (await engine.applyMigrations({ migrationsList: migrationList(dir), filters })).appliedMigrationNames;
    },
    async diff(from, to) {
      const out = await engine.diff({ from: side(from), to: side(to), script: true, exitCode: null, filters });
      const sql = out.stdout ?? "";
      return /^-- This is an empty migration/.test(sql.trim()) ? "" : sql;
    },
    async close() {
      try {
        engine.free();
        await Promise.all(connections.map((c) => c.dispose()));
      } finally {
        release();
      }
    },
  };
}
