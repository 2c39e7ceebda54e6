// SQLite and PostgreSQL per instance: one portal on each, the same load
// (16 connections, scripted delays off), alternating run by run for
// `settings.rounds` rounds, each run measured for CPU (bench/cpu.ts) from its
// start until its last callback arrived. The per-app bounds are raised on
// these instances so the two-instance check (bench/two-instances.ts) can count
// every row; pruning is therefore not in these figures (README "Performance").
import path from "node:path";
import { removeDb } from "../tests/helpers/server";
import { setUpApp } from "../tests/helpers/operator";
import type { Contender } from "./anchors";
import type { Arrivals } from "./arrivals";
import { type CpuUse, startMeter } from "./cpu";
import type { PgBench } from "./pg-setup";
import { type Server, startPortal } from "./servers";
import { measure, type Route, type RunRow } from "./side-by-side";
import { root, settings } from "./settings";

export type DbName = "SQLite" | "PostgreSQL";
export type DbRow = RunRow & { db: DbName; instances: number; cpu: CpuUse };

const big = "100000000";
export const RAISED_BOUNDS = { REQUEST_LOG_LIMIT: big, RESOURCE_LIMIT: big, DELIVERY_LIMIT: big };

export const portalContender = (key: string, label: string, server: Server): Contender => ({ key, label, server, prefix: "/sandbox", callsBack: true, warm: false });

/** One measured run with the CPU of the portal (and of PostgreSQL's processes for `pgb`) over the same window. */
export async function metered(c: Contender, token: string, route: Route, round: number, arrivals: Arrivals, pgb?: PgBench): Promise<{ row: RunRow; cpu: CpuUse }> {
  const meter = await startMeter([c.server.pgid], pgb && { admin: pgb.admin, database: pgb.database });
  const row = await measure(c, token, route, round, arrivals);
  return { row, cpu: await meter.stop() };
}

/** Warm-up and the alternating rounds; leaves the PostgreSQL instance running for the checks after it. */
export async function sqliteVsPg(pgb: PgBench, arrivals: Arrivals): Promise<{ rows: DbRow[]; pgServer: Server; pgToken: string }> {
  const file = path.join(root, "data", "bench-db.db");
  removeDb(file);
  const [lite, pgs] = await Promise.all([
    startPortal({ mount: "SQLite", databaseUrl: `file:${file}`, env: RAISED_BOUNDS }),
    startPortal({ mount: "PostgreSQL", databaseUrl: pgb.url, env: RAISED_BOUNDS }),
  ]);
  try {
    const sides = [
      { db: "SQLite" as const, c: portalContender("sqlite", "SQLite, 1 instance", lite), url: `file:${file}`, pgb: undefined },
      { db: "PostgreSQL" as const, c: portalContender("pg", "PostgreSQL, 1 instance", pgs), url: pgb.url, pgb },
    ];
    const tokens = new Map<DbName, string>();
    for (const s of sides) tokens.set(s.db, (await setUpApp(s.url, s.c.server.origin, 1_000_000)).token);
    for (const s of sides) for (const route of ["push", "status"] as const) await measure(s.c, tokens.get(s.db)!, route, 0, arrivals, settings.oursWarmupS); // warm-up
    const rows: DbRow[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      for (const route of ["push", "status"] as const) {
        for (const s of sides) {
          const { row, cpu } = await metered(s.c, tokens.get(s.db)!, route, round, arrivals, s.pgb);
          rows.push({ ...row, db: s.db, instances: 1, cpu });
        }
      }
    }
    return { rows, pgServer: pgs, pgToken: tokens.get("PostgreSQL")! };
  } catch (e) {
    await pgs.stop();
    throw e;
  } finally {
    await lite.stop();
  }
}
