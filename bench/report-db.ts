// The benchmark's markdown for the database phases: SQLite and PostgreSQL per
// instance, what a call costs, the projected capacity and the two-instance check.
import os from "node:os";
import { costs, dbCost, machineModel, perDbCore, perInstance, pgOverSqlite, project, shares } from "./capacity";
import type { DbRow } from "./databases";
import type { PerCall } from "./round-trips";
import type { StatementsRun } from "./pg-statements";
import { statementSections } from "./report-statements";
import type { TwoInstanceRun } from "./two-instances";

export type DbReport = { rows: DbRow[]; two: TwoInstanceRun[]; wire: PerCall[]; statements: StatementsRun[]; pgAbout: string };

const f = (n: number | undefined, d = 0) => (n !== undefined && Number.isFinite(n) ? n.toLocaleString("en", { minimumFractionDigits: d, maximumFractionDigits: d }) : "–");

export function dbSections(rep: DbReport, rounds: number): string[] {
  const cs = costs(rep.rows);
  const of = (db: string, route: string) => cs.find((c) => c.db === db && c.route === route);
  const wire = (route: string) => rep.wire.find((w) => w.route === route);
  const cores = os.cpus().length;
  const pg = (["push", "status"] as const).flatMap((route) => (of("PostgreSQL", route) ? [of("PostgreSQL", route)!] : []));
  return [
    `## SQLite and PostgreSQL, one instance each (same load; ${rounds} alternating rounds)`,
    "",
    "| route | SQLite req/s | PostgreSQL req/s | PostgreSQL ÷ SQLite (median; spread) | p99 ms SQLite / PostgreSQL |",
    "|---|---:|---:|---:|---:|",
    ...pgOverSqlite(rep.rows).map((r) => {
      const [s, p] = [of("SQLite", r.route), of("PostgreSQL", r.route)];
      return `| ${r.route} | ${f(s?.rps)} | ${f(p?.rps)} | **${f(r.median, 2)}** (${f(r.min, 2)}–${f(r.max, 2)}) | ${f(s?.p99, 1)} / ${f(p?.p99, 1)} |`;
    }),
    "",
    "## What a call costs (CPU from /proc over each run, until its last callback arrived; per 1,000 calls)",
    "",
    "| database | route | portal CPU ms | PostgreSQL backends ms | PostgreSQL shared writers ms | bench process ms | round trips / call | statements / call |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
    ...cs.map((c) => {
      const w = c.db === "PostgreSQL" ? wire(c.route) : undefined;
      return `| ${c.db} | ${c.route} | ${f(c.portalMs)} | ${c.db === "SQLite" ? "(in the portal)" : f(c.dbMs)} | ${c.db === "SQLite" ? "–" : f(c.dbSharedMs)} | ${f(c.benchMs)} | ${c.db === "SQLite" ? "0 (in-process)" : f(w?.roundTrips, 2)} | ${c.db === "SQLite" ? "–" : f(w?.statements, 2)} |`;
    }),
    "",
    `PostgreSQL: ${rep.pgAbout}.`,
    "",
    ...rep.wire.flatMap((w) => [`PostgreSQL statements per ${w.route}: ${w.byName.map(([k, n]) => `${k} ${f(n, 2)}`).join(", ")}.`, ""]),
    "Round trips are a connection going from idle to waiting (a simple query or Sync sent while none of its own is unanswered; a pipelined batch is one) and statements PostgreSQL's CommandComplete messages, counted on the wire by a proxy in front of a separate instance (push: until each callback was posted and recorded, so the dispatcher's share is in; its idle polling subtracted); statements are named by the prepared statement each Bind uses (`svc_…`, lib/gateway/store/pg.ts and lib/callbacks/store/pg.ts) or a simple query's first word. Shared writers (walwriter, checkpointer, background writer) serve every database on the server, other users' included: an upper bound.",
    "",
    ...(pg.length ? [
      "## Projected capacity: N instances on separate machines, one PostgreSQL of C cores",
      "",
      "req/s = min(N × 1,000,000 ÷ portal ms, C × 1,000,000 ÷ PostgreSQL ms), with PostgreSQL ms = backends + shared writers per 1,000 calls; the bound that binds in brackets.",
      "",
      ...pg.flatMap((c) => {
        const ps = project(c);
        const cores = [...new Set(ps.map((p) => p.c))];
        return [
          `**${c.route}**: one instance ≤ ${f(perInstance(c))} req/s (one core), one PostgreSQL core ≤ ${f(perDbCore(c))} req/s`,
          "",
          `| instances | ${cores.map((k) => `C = ${k}`).join(" | ")} |`,
          `|---:|${cores.map(() => "---:").join("|")}|`,
          ...[...new Set(ps.map((p) => p.n))].map((n) => `| ${n} | ${ps.filter((p) => p.n === n).map((p) => `${f(p.rps)} (${p.bound === "database" ? "db" : "inst"})`).join(" | ")} |`),
          "",
        ];
      }),
      ...rep.wire.flatMap((w) => {
        const cap = 10 / (w.roundTrips * 0.0005);
        return [`With PostgreSQL on another machine, each round trip also holds one of the instance's pooled connections (\`PG_POOL_MAX\`, 10 by default) for at least one network round trip: at 0.5 ms, ${f(w.roundTrips, 1)} round trips per ${w.route} cap one instance at 10 ÷ (${f(w.roundTrips, 1)} × 0.5 ms) = ${f(cap)} req/s${cap < perInstance(of("PostgreSQL", w.route)!) ? " — below its CPU bound: raise PG_POOL_MAX" : ""}.`, ""];
      }),
    ] : []),
    ...(rep.two.length ? [
      `## The model checked: two instances on one PostgreSQL, on this machine (${cores} cores shared by everything)`,
      "",
      "The model for this machine puts everything on its cores: min(N × one instance, cores × 1,000,000 ÷ (portal + PostgreSQL + bench ms per 1,000 calls)). Other users' work on the machine is the gap between busy and ours.",
      "",
      "| route | 1 instance req/s | 2 instances req/s | 2 ÷ 1 | model for this machine, 1 / 2 instances | machine busy (ours), 1 → 2 instances | CPU ms per 1,000 calls, 1 → 2 instances: portal; PostgreSQL |",
      "|---|---:|---:|---:|---:|---|---|",
      ...rep.two.map((t) => {
        const c = of("PostgreSQL", t.route)!;
        const per = (ms: number | undefined) => (ms === undefined ? NaN : (1000 * ms) / t.accepted);
        const s2 = shares([t.cpu]);
        const pct = (x: number) => `${f(100 * x)}%`;
        return `| ${t.route} | ${f(c.rps)} | ${f(t.rps)} | **${f(t.rps / c.rps, 2)}** | ${f(machineModel(c, cores, 1))} / ${f(machineModel(c, cores, 2))} | ${pct(c.machineBusy)} (${pct(c.ours)}) → ${pct(s2.machineBusy)} (${pct(s2.ours)}) | ${f(c.portalMs)} → ${f(per(t.cpu.portalMs))}; ${f(dbCost(c))} → ${f(per(t.cpu.dbMs) + per(t.cpu.dbSharedMs))} |`;
      }),
      "",
      "| route | calls answered | request-log rows | resources kept | callbacks received | deliveries DELIVERED | attempts recorded |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rep.two.map((t) => {
        const push = t.route === "push";
        return `| ${t.route} | ${t.answered} | ${t.rows.requestLog} | ${push ? t.rows.resources : "–"} | ${push ? `${t.callbacksReceived} of ${t.accepted}` : "–"} | ${push ? t.rows.delivered : "–"} | ${push ? t.rows.attempts : "–"} |`;
      }),
      "",
    ] : []),
    ...statementSections(rep.statements ?? [], rep.pgAbout),
  ];
}

/** Nothing dropped in the two-instance runs: every answer logged; every accepted push kept, called back, recorded. */
export function nothingDropped(two: TwoInstanceRun[]): boolean {
  return two.every((t) =>
    t.rows.requestLog === t.answered &&
    (t.route !== "push" || (t.rows.resources === t.accepted && t.callbacksReceived === t.accepted && t.rows.delivered === t.accepted && t.rows.attempts >= t.accepted)));
}
