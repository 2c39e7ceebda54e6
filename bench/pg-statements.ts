// Where PostgreSQL spends its time, per statement, on the push and status
// paths: one measured run per route on the PostgreSQL instance (the same load
// as bench/databases.ts, its callbacks waited for), pg_stat_statements reset
// just before it and read once the run's last callback arrived; beside it the
// cumulative statistics of the bench's database (pg_stat_user_tables,
// pg_stat_user_indexes, pg_stat_database, pg_stat_wal) read before and after.
// Those are flushed by each backend at most once a second, and by an idle one
// only after 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL), so they are read once
// they have stopped moving for 2 s, no sooner than 11 s after the run; the
// dispatcher's polling meanwhile (its commits, measured on the idle instance
// before the runs) is subtracted from the commits.
import type pg from "pg";
import type { Arrivals } from "./arrivals";
import { type CpuUse, startMeter } from "./cpu";
import { portalContender } from "./databases";
import type { PgBench } from "./pg-setup";
import type { Server } from "./servers";
import { measure, type Route, type RunRow } from "./side-by-side";

export type StatementRow = {
  query: string;
  toplevel: boolean;
  calls: number;
  plans: number;
  execMs: number;
  planMs: number;
  rows: number;
  blksHit: number;
  blksRead: number;
  blksDirtied: number;
  walRecords: number;
  walFpi: number;
  walBytes: number;
};

type Counters = Record<string, number>;
export type TableStat = { table: string; indexes: number; ins: number; upd: number; hotUpd: number; del: number; deadAfter: number; autovacuums: number };
export type IndexStat = { table: string; index: string; scans: number };
export type StatementsRun = {
  route: Route;
  run: RunRow;
  cpu: CpuUse;
  statements: StatementRow[];
  tables: TableStat[];
  indexes: IndexStat[];
  /** pg_stat_database's xact_commit over the run, less the idle polling's. */
  commits: number;
  idleCommitsPerS: number;
  /** pg_stat_wal over the run (the bench's own cluster serves only this database). */
  wal: { records: number; fpi: number; bytes: number };
  settleS: number;
};

const STATEMENTS_SQL = `
  SELECT query, toplevel, calls, plans, total_exec_time AS "execMs", total_plan_time AS "planMs", rows,
         shared_blks_hit AS "blksHit", shared_blks_read AS "blksRead", shared_blks_dirtied AS "blksDirtied",
         wal_records AS "walRecords", wal_fpi AS "walFpi", wal_bytes AS "walBytes"
    FROM pg_stat_statements
   WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
     AND query NOT LIKE '%pg_stat%'
   ORDER BY total_exec_time + total_plan_time DESC`;

type Snapshot = {
  at: number;
  tables: Map<string, Counters>;
  indexes: Map<string, IndexStat>;
  db: Counters;
  wal: Counters;
};

const num = (o: Record<string, unknown>): Counters => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v)]));

async function snapshot(c: pg.Client): Promise<Snapshot> {
  const tables = await c.query(`
    SELECT t.relname AS "table", t.n_tup_ins AS ins, t.n_tup_upd AS upd, t.n_tup_hot_upd AS "hotUpd", t.n_tup_del AS del,
           t.n_dead_tup AS dead, t.autovacuum_count AS autovacuums,
           (SELECT count(*) FROM pg_index i WHERE i.indrelid = t.relid) AS indexes
      FROM pg_stat_user_tables t`);
  const indexes = await c.query<{ table: string; index: string; scans: string }>(
    `SELECT relname AS "table", indexrelname AS "index", idx_scan AS scans FROM pg_stat_user_indexes`);
  const db = await c.query("SELECT xact_commit AS commits, xact_rollback AS rollbacks FROM pg_stat_database WHERE datname = current_database()");
  const wal = await c.query("SELECT wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes FROM pg_stat_wal");
  return {
    at: performance.now(),
    tables: new Map(tables.rows.map((r) => [r.table as string, num({ ...r, table: 0 })])),
    indexes: new Map(indexes.rows.map((r) => [`${r.table}.${r.index}`, { table: r.table, index: r.index, scans: Number(r.scans) }])),
    db: num(db.rows[0]!),
    wal: num(wal.rows[0]!),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The statistics once every backend has flushed what it holds: no sooner than 11 s, then still for 2 s (except the dispatcher's polling commits). */
async function settled(c: pg.Client): Promise<Snapshot> {
  const t0 = performance.now();
  await sleep(11_000);
  let last = await snapshot(c);
  for (;;) {
    await sleep(2000);
    const now = await snapshot(c);
    const tablesMoved = [...now.tables].some(([k, t]) => JSON.stringify(t) !== JSON.stringify(last.tables.get(k)));
    if (!tablesMoved || now.at - t0 > 60_000) return now;
    last = now;
  }
}

function tableDeltas(a: Snapshot, b: Snapshot): TableStat[] {
  return [...b.tables].map(([table, t]) => {
    const before = a.tables.get(table) ?? {};
    const d = (k: string) => (t[k] ?? 0) - (before[k] ?? 0);
    return { table, indexes: t.indexes!, ins: d("ins"), upd: d("upd"), hotUpd: d("hotUpd"), del: d("del"), deadAfter: t.dead!, autovacuums: d("autovacuums") };
  }).filter((t) => t.ins || t.upd || t.del).sort((x, y) => y.ins + y.upd - (x.ins + x.upd));
}

export async function statementsRuns(pgb: PgBench, server: Server, token: string, arrivals: Arrivals): Promise<StatementsRun[]> {
  const c = pgb.reader;
  const contender = portalContender("pg-statements", "PostgreSQL, per statement", server);
  // The idle instance's commits (the dispatcher polls each second), to subtract from the runs'.
  const idle0 = await settled(c);
  await sleep(5000);
  const idle1 = await snapshot(c);
  const idleCommitsPerS = Math.max(0, (1000 * (idle1.db.commits! - idle0.db.commits!)) / (idle1.at - idle0.at));
  const out: StatementsRun[] = [];
  let before = idle1;
  for (const route of ["push", "status"] as const) {
    await c.query("SELECT pg_stat_statements_reset()");
    const meter = await startMeter([server.pgid], { admin: pgb.admin, database: pgb.database });
    const run = await measure(contender, token, route, 1, arrivals);
    const cpu = await meter.stop();
    const statements = (await c.query(STATEMENTS_SQL)).rows.map((r) => ({ ...num({ ...r, query: 0, toplevel: 0 }), query: r.query as string, toplevel: r.toplevel as boolean }) as StatementRow);
    const after = await settled(c);
    const settleS = (after.at - before.at) / 1000;
    out.push({
      route, run, cpu, statements,
      tables: tableDeltas(before, after),
      indexes: [...after.indexes.values()].map((i) => ({ ...i, scans: i.scans - (before.indexes.get(`${i.table}.${i.index}`)?.scans ?? 0) })),
      commits: after.db.commits! - before.db.commits! - idleCommitsPerS * settleS,
      idleCommitsPerS,
      wal: { records: after.wal.records! - before.wal.records!, fpi: after.wal.fpi! - before.wal.fpi!, bytes: after.wal.bytes! - before.wal.bytes! },
      settleS,
    });
    console.log(`[bench] statements of ${route}: ${statements.length} kinds, ${out.at(-1)!.commits.toFixed(0)} commits for ${run.count} calls`);
    before = after;
  }
  return out;
}
