// The PostgreSQL side of the bench: a fresh database on BENCH_PG_URL's server
// (its role may create databases), dropped at the end, and a reading
// connection to it named `svc-bench` (bench/cpu.ts leaves it out of the
// database's CPU time).
import pg from "pg";
import { BENCH_APP_NAME } from "./cpu";
import { settings } from "./settings";

export type PgBench = {
  /** Connected to the server's own database (BENCH_PG_URL), never to the bench database. */
  admin: pg.Client;
  database: string;
  url: string;
  reader: pg.Client;
  /** How many rows of the app each table keeps, and its deliveries by state. */
  rowsOf(appId: string): Promise<AppRows>;
  close(): Promise<void>;
};

export type AppRows = { requestLog: number; resources: number; delivered: number; pendingDeliveries: number; attempts: number };

const urlOf = (database: string) => {
  const u = new URL(settings.pgUrl);
  u.pathname = `/${database}`;
  return u.toString();
};

/** Undefined (and a note) when no PostgreSQL answers at BENCH_PG_URL. */
export async function openPgBench(notes: string[]): Promise<PgBench | undefined> {
  const admin = new pg.Client({ connectionString: settings.pgUrl, application_name: BENCH_APP_NAME });
  try {
    await admin.connect();
  } catch (e) {
    notes.push(`PostgreSQL phases skipped: no server at BENCH_PG_URL (${(e as Error).message})`);
    return undefined;
  }
  const database = `sandbox_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = urlOf(database);
  const reader = new pg.Client({ connectionString: url, application_name: BENCH_APP_NAME });
  await reader.connect();
  const count = async (sql: string, appId: string) => Number((await reader.query<{ n: string }>(sql, [appId])).rows[0]!.n);
  return {
    admin, database, url, reader,
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
    },
  };
}
