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

/** A fresh database, empty or a copy of `template` (a database no one is connected to); returns its URL. */
export async function createPgDatabase(name: string, template?: string): Promise<string> {
  await dropPgDatabase(name);
  await admin(async (c) => {
    await c.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ""}`);
  });
  return pgUrlFor(name);
}

/**
 * Drops it once its sessions are gone: our role's own are ended; DROP DATABASE
 * cancels an autovacuum worker itself (WITH (FORCE) would try to terminate one,
 * which a role without pg_signal_backend may not do).
 */
export async function dropPgDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    for (let attempt = 1; ; attempt++) {
      await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND usename = current_user", [name]);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${ident(name)}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt === 10) throw e; // 55006: still being accessed by other users
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  });
}

/**
 * Fails the run at once when the server allows fewer connections than the run says it may hold at once
 * (TEST_PG_CONNECTIONS, set by scripts/test.sh for its two PostgreSQL passes side by side): short of them, a test
 * would be refused one part way ("remaining connection slots are reserved"), a failure that names no setting.
 */
export async function checkPgConnections(given = process.env.TEST_PG_CONNECTIONS): Promise<void> {
  if (!given) return;
  const needed = Number(given);
  if (!Number.isInteger(needed) || needed < 1) throw new Error(`TEST_PG_CONNECTIONS=${given}: a number of connections (a whole number above 0)`);
  const { rows } = await admin((c) => c.query<{ n: number }>(
    "SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int - coalesce(current_setting('reserved_connections', true)::int, 0) AS n"));
  const allowed = rows[0]!.n;
  if (allowed < needed) {
    throw new Error(`the PostgreSQL server at TEST_PG_URL allows ${allowed} connections to roles without a reserve, and this run may hold ${needed} at once ` +
      `(TEST_PG_CONNECTIONS: npm test's two PostgreSQL passes side by side, several instances each): raise its max_connections (ALTER SYSTEM SET max_connections = 300, then restart it; scripts/test.sh does so, run as root, on the cluster it starts)`);
  }
}

/** Drops every database whose name starts with `prefix` (a run's own databases). */
export async function dropPgDatabases(prefix: string): Promise<void> {
  const { rows } = await admin((c) => c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]));
  for (const r of rows) await dropPgDatabase(r.datname);
}

/** The run's database names start with this (set by vitest.integration.config.ts). */
export const runPrefix = () => `sandbox_test_${process.env.TEST_RUN_ID ?? process.pid}`;

/** The run's migrated database that the files' databases copy (./global-setup.ts makes it once). */
export const pgTemplate = () => `${runPrefix()}_template`;
