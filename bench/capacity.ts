// The capacity model, from what the database phase measured (pure).
// A call costs CPU in the portal (one event loop: an instance does at most one
// core's worth) and in PostgreSQL (any number of cores). N instances on
// separate machines against one PostgreSQL of C cores then serve
//   min(N × 1,000,000 / portal-ms-per-1,000-calls,  C × 1,000,000 / db-ms-per-1,000-calls)  calls/s.
// On this machine everything (portal, PostgreSQL, load generator) shares its
// cores, so the model's prediction for it is cores × 1,000,000 / (all of it).
import type { CpuUse } from "./cpu";
import type { DbName, DbRow } from "./databases";
import type { Route } from "./side-by-side";
import { median } from "./side-by-side";

export type Cost = {
  db: DbName;
  route: Route;
  /** Median over the rounds, as measured here (cores shared). */
  rps: number;
  p99: number;
  calls: number;
  /** CPU ms per 1,000 calls, pooled over the rounds. */
  portalMs: number;
  benchMs: number;
  /** PostgreSQL: its backends for the database, and its shared writers (walwriter, checkpointer, background writer). */
  dbMs?: number;
  dbSharedMs?: number;
  /** Shares of the machine's CPU over the runs: busy (anyone's), and ours (portal, PostgreSQL's processes, bench). */
  machineBusy: number;
  ours: number;
};

/** Machine busy and our share of it over a set of runs' CPU. */
export function shares(cpu: CpuUse[]): { machineBusy: number; ours: number } {
  const sum = (pick: (c: CpuUse) => number) => cpu.reduce((n, c) => n + pick(c), 0);
  const total = sum((c) => c.machineMs);
  return { machineBusy: sum((c) => c.machineBusyMs) / total, ours: sum((c) => c.portalMs + (c.dbMs ?? 0) + (c.dbSharedMs ?? 0) + c.benchMs) / total };
}

export function costs(rows: DbRow[]): Cost[] {
  const out: Cost[] = [];
  for (const db of ["SQLite", "PostgreSQL"] as const) {
    for (const route of ["push", "status"] as const) {
      const rs = rows.filter((r) => r.db === db && r.route === route && r.instances === 1);
      if (!rs.length) continue;
      const calls = rs.reduce((n, r) => n + r.count, 0);
      const per = (pick: (r: DbRow) => number | undefined) =>
        rs.every((r) => pick(r) !== undefined) ? (1000 * rs.reduce((n, r) => n + pick(r)!, 0)) / calls : undefined;
      out.push({
        db, route, calls, rps: median(rs.map((r) => r.sustained)), p99: median(rs.map((r) => r.p99)),
        portalMs: per((r) => r.cpu.portalMs)!, benchMs: per((r) => r.cpu.benchMs)!, dbMs: per((r) => r.cpu.dbMs), dbSharedMs: per((r) => r.cpu.dbSharedMs),
        ...shares(rs.map((r) => r.cpu)),
      });
    }
  }
  return out;
}

/** PostgreSQL ÷ SQLite per route: the median of the rounds' ratios and their spread. */
export function pgOverSqlite(rows: DbRow[]): { route: Route; median: number; min: number; max: number }[] {
  return (["push", "status"] as const).flatMap((route) => {
    const of = (db: DbName) => rows.filter((r) => r.db === db && r.route === route && r.instances === 1);
    const rs = of("PostgreSQL").map((p) => p.sustained / (of("SQLite").find((s) => s.round === p.round)?.sustained ?? NaN)).filter(Number.isFinite);
    return rs.length ? [{ route, median: median(rs), min: Math.min(...rs), max: Math.max(...rs) }] : [];
  });
}

/** PostgreSQL's CPU per 1,000 calls the model uses: its backends plus its shared writers (an upper bound: they also serve other databases). */
export const dbCost = (c: Cost) => (c.dbMs ?? NaN) + (c.dbSharedMs ?? 0);
export const perInstance = (c: Cost) => 1e6 / c.portalMs;
export const perDbCore = (c: Cost) => 1e6 / dbCost(c);

export type Projection = { n: number; c: number; rps: number; bound: "instances" | "database" };

export function project(c: Cost, ns = [1, 2, 4, 8], cs = [2, 4, 8]): Projection[] {
  return ns.flatMap((n) => cs.map((cores) => {
    const inst = n * perInstance(c);
    const db = cores * perDbCore(c);
    return { n, c: cores, rps: Math.min(inst, db), bound: inst <= db ? ("instances" as const) : ("database" as const) };
  }));
}

/** What the model predicts for `n` instances on this machine: everything (load generator too) on its `cores`. */
export const machineModel = (c: Cost, cores: number, n: number) => Math.min(n * perInstance(c), (cores * 1e6) / (c.portalMs + dbCost(c) + c.benchMs));
