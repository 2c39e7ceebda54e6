// The process's PostgreSQL pool for the hot paths (gateway calls, callback
// dispatch): parameterized, named (prepared) statements through `pg`. Bounded
// (PG_POOL_MAX, default 10); Prisma has its own small pool (lib/db/prisma.ts).
import pg from "pg";
import { config, part, runtime } from "@/lib/runtime";
import { compile, type Sql, type Value } from "./sql";
import { log } from "@/lib/log";

// Prisma's DateTime is `timestamp(3)` (no zone) holding UTC: read it as UTC
// whatever the machine's zone. Writes pass ISO strings (the zone is ignored).
const TIMESTAMP = 1114;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP ? (v: string) => new Date(`${v.replace(" ", "T")}Z`) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL text cannot hold NUL (SQLite's can): every string that goes to it
 * (the hot paths' values, Prisma's arguments) carries U+FFFD instead, and is
 * looked up the same way, so such input is a value like any other instead of
 * an error. Walks arrays and plain objects.
 */
export function withoutNul<T>(v: T): T {
  if (typeof v === "string") return (v.includes("\u0000") ? v.replaceAll("\u0000", "\uFFFD") : v) as T;
  if (Array.isArray(v)) return v.map(withoutNul) as T;
  if (v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutNul(x)])) as T;
  }
  return v;
}

/** A parameter's value as `timestamp(3)` and text columns take it: dates as ISO text, strings without NUL. */
export const encode = (v: Value) => (v instanceof Date ? v.toISOString() : typeof v === "string" ? withoutNul(v) : (v ?? null));

export type PgRunner = Pick<pg.Pool, "query"> | pg.PoolClient;

/** A value as a PostgreSQL literal (lib/db/sql.ts `inline`): quoted and escaped like `encode`'s parameters, typed by where it goes. */
export function literal(v: Value): string {
  const x = encode(v);
  if (x === null) return "NULL";
  if (typeof x === "boolean") return x ? "TRUE" : "FALSE";
  if (typeof x === "number") {
    if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
    return String(x);
  }
  return pg.escapeLiteral(String(x));
}

/** A statement of lib/db/sql.ts as a named statement: prepared once per connection that runs it. */
export type Named<P, R> = {
  query(c: PgRunner, params: P): Promise<pg.QueryResult<R & pg.QueryResultRow>>;
};

/** `name` (prefixed `svc_`) must be unique in the process: `pg` keeps one text per name and connection. */
export function named<P, R>(name: string, s: Sql<P, R>): Named<P, R> {
  const { text, bind } = compile(s, "postgresql", encode);
  return { query: (c, params) => c.query<R & pg.QueryResultRow>({ name: `svc_${name}`, text, values: bind(params as object) }) };
}

/**
 * A statement prepared in SQL (`PREPARE name AS …`, once per connection) and run
 * by `EXECUTE name('value', …)`: for a statement that must go in one simple query
 * with another (that protocol takes no parameters), planned once per connection
 * instead of parsed and planned on every run as its inlined text was. `name`
 * (prefixed `svcx_`, apart from `named`'s `svc_`) must be unique in the process.
 * Like LISTEN, it needs a session of its own on the server: behind a pooler,
 * session pooling (docs "Hosting").
 */
export type Executed<P> = {
  /** Prepares it on `client` unless this connection has it already (one round trip, the first time). */
  prepareOn(client: pg.PoolClient): Promise<void>;
  /** The `EXECUTE` of it for `params`, as text for a simple query. */
  execute(params: P): string;
};
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
export function executed<P, R>(name: string, s: Sql<P, R>): Executed<P> {
  const full = `svcx_${name}`;
  const { text, bind } = compile(s, "postgresql", encode);
  return {
    async prepareOn(client) {
      const done = preparedOn.get(client) ?? new Set<string>();
      if (done.has(full)) return;
      await client.query(`PREPARE ${full} AS ${text}`);
      done.add(full);
      preparedOn.set(client, done);
    },
    // Every argument quoted, numbers too: an untyped quoted literal goes through its parameter type's
    // input function as a protocol parameter's text does (2.5 into an integer is refused, not rounded).
    execute: (params) => {
      const values = bind(params as object) as (string | number | boolean | null)[];
      const args = values.map((v) => (v === null ? "NULL" : pg.escapeLiteral(String(v))));
      return args.length ? `EXECUTE ${full}(${args.join(", ")})` : `EXECUTE ${full}`;
    },
  };
}

/**
 * The same statement unnamed: parsed and planned for its values on every run.
 * For a statement whose best plan depends on its values (a JSON row source's
 * length): a named statement's generic plan, made by its sixth run, may have
 * been costed on a nearly empty table and keep a table scan as it grows.
 */
export function unnamed<P, R>(s: Sql<P, R>): Named<P, R> {
  const { text, bind } = compile(s, "postgresql", encode);
  return { query: (c, params) => c.query<R & pg.QueryResultRow>({ text, values: bind(params as object) }) };
}

/** Rows as a JSON array whose values are as their columns take them (`encode`), for a JSON row source (json_populate_recordset, json_to_recordset). */
export function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encode(v as Value)]))));
}

export function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types, idleTimeoutMillis: 30_000 });
  pool.on("error", (e) => log().error({ err: e }, "[db] idle PostgreSQL connection failed"));
  return pool;
}

export function newClient(url: string, options: Omit<pg.ClientConfig, "connectionString" | "types"> = {}): pg.Client {
  return new pg.Client({ ...options, connectionString: url, types });
}

const POOL = part<pg.Pool>("pgPool");

/** The shared pool (a part of the runtime, across Next's bundles), opened on first use, after migrations. */
export function pgPool(): pg.Pool {
  return runtime().of(POOL, () => newPool(config.databaseUrl, config.pgPoolMax));
}

/** Ends the current portal's pool, if it opened one (a portal's close); a later use opens a new one. */
export async function endPgPool(): Promise<void> {
  const rt = runtime();
  const pool = rt.get(POOL);
  rt.set(POOL, undefined);
  await pool?.end();
}

/** Runs `fn` in one transaction on one connection of `pool`. */
export async function inTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>, pool: pg.Pool = pgPool()): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    const out = await fn(c);
    await c.query("COMMIT");
    return out;
  } catch (e) {
    await c.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}
