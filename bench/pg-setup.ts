// The PostgreSQL side of the bench: a fresh database on the server
// bench/pg-cluster.ts chose (its role may create databases), dropped at the
// end, and a reading connection to it named `svc-bench` (bench/cpu.ts leaves
// it out of the database's CPU time); with pg_stat_statements there, the
// extension's view made in that database (bench/pg-statements.ts reads it).
import pg from "pg";
import { BENCH_APP_NAME } from "./cpu";
import { openPgServer, type PgServer } from "./pg-cluster";

export type PgBench = {
  /** Connected to the server's own database (BENCH_PG_URL), never to the bench database. */
  admin: pg.Client;
  database: string;
  url: string;
  reader: pg.Client;
  server: PgServer;
  /** Whether `reader` can read pg_stat_statements (the per-statement table). */
  statements: boolean;
  /** How many rows of the app each table keeps, and its deliveries by state. */
  rowsOf(appId: string): Promise<AppRows>;
  close(): Promise<void>;
};

export type AppRows = { requestLog: number; resources: number; delivered: number; pendingDeliveries: number; attempts: number };

const urlOf = (server: string, database: string) => {
  const u = new URL(server);
  u.pathname = `/${database}`;
  return u.toString();
};

/** Undefined (and a note) when no PostgreSQL answers. */
export async function openPgBench(notes: string[]): Promise<PgBench | undefined> {
  const server = await openPgServer(notes);
  const admin = new pg.Client({ connectionString: server.url, application_name: BENCH_APP_NAME });
  try {
    await admin.connect();
  } catch (e) {
    notes.push(`PostgreSQL phases skipped: no server at ${server.about} (${(e as Error).message})`);
    await server.stop();
    return undefined;
  }
  const database = `sandbox_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = urlOf(server.url, database);
  const reader = new pg.Client({ connectionString: url, application_name: BENCH_APP_NAME });
  await reader.connect();
  let statements = server.statements;
  if (statements) {
    await reader.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").catch((e: Error) => {
      notes.push(`per-statement table skipped: CREATE EXTENSION pg_stat_statements failed (${e.message})`);
      statements = false;
    });
  }
  const count = async (sql: string, appId: string) => Number((await reader.query<{ n: string }>(sql, [appId])).rows[0]!.n);
  return {
    admin, database, url, reader, server, statements,
    async rowsOf(appId) {
      return {
        requestLog: await count(`SELECT count(*) AS n FROM "RequestLog" WHERE "appId" = $1`, appId),
        resources: await count(`SELECT count(*) AS n FROM "Resource" WHERE "appId" = $1`, appId),
        delivered: await count(`SELECT count(*) AS n FROM "Delivery" WHERE "appId" = $1 AND state = 'DELIVERED'`, appId),
        pendingDeliveries: await count(`SELECT count(*) AS n FROM "Delivery" WHERE "appId" = $1 AND state IN ('SCHEDULED', 'SENDING')`, appId),
        attempts: await count(`SELECT count(*) AS n FROM "DeliveryAttempt" a JOIN "Delivery" d ON d.id = a."deliveryId" WHERE d."appId" = $1`, appId),
      };
    },
    async close() {
      await reader.end();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
      await admin.end();
      await server.stop();
    },
  };
}
