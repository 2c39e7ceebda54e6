// Test databases. The integration suite runs on SQLite by default and on
// PostgreSQL when TEST_PG_URL names a PostgreSQL server (any database on it,
// e.g. postgresql://sandbox:sandbox@127.0.0.1:5432/postgres, with a role that
// may create databases): each run creates fresh databases named
// sandbox_test_<pid>[_<name>] and drops them after. No app imports.
import pg from "pg";

export const PG_URL = process.env.TEST_PG_URL || "";
export const onPg = () => PG_URL !== "";

/** The URL of database `name` on the test server. */
export function pgUrlFor(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  return `"${name}"`;
};

/** A fresh, empty database; returns its URL. */
export async function createPgDatabase(name: string): Promise<string> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${ident(name)}`);
  });
  return pgUrlFor(name);
}

export async function dropPgDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

/** Drops every database whose name starts with `prefix` (a run's own databases). */
export async function dropPgDatabases(prefix: string): Promise<void> {
  const { rows } = await admin((c) => c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]));
  for (const r of rows) await dropPgDatabase(r.datname);
}

/** The run's database names start with this (set by vitest.integration.config.ts). */
export const runPrefix = () => `sandbox_test_${process.env.TEST_RUN_ID ?? process.pid}`;
