// The benchmark's markdown: against the anchors, overload, added latency,
// callback punctuality, the databases (bench/report-db.ts), the console at
// scale, and the goals. Every section says the load average it ran at.
import os from "node:os";
import type { Punctuality } from "./callbacks";
import type { PageTiming } from "./console-scale";
import type { LoadResult } from "./load";
import { type DbReport, dbSections, nothingDropped } from "./report-db";
import { pgOverSqlite } from "./capacity";
import { median, type RunRow, ratios } from "./side-by-side";

export type Row = LoadResult & { delayMs: number };

export type Report = {
  startedAt: Date;
  seconds: number;
  quick: boolean;
  durationS: number;
  rounds: number;
  warmupS: number;
  /** The 1-minute load average when each phase started. */
  loads: Record<string, number>;
  anchors: RunRow[];
  overload: Row[];
  latency: Row[];
  /** The same calls on bare node:http sleeping the same delays: what the machine adds to a sleep. */
  latencyFloor: Row[];
  punctuality: Punctuality | undefined;
  db: DbReport | undefined;
  console: PageTiming[];
  consoleRows: { logRows: number; deliveryRows: number };
  notes: string[];
};

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toLocaleString("en", { minimumFractionDigits: d, maximumFractionDigits: d }) : "–");
const errs = (r: LoadResult) => (r.errors ? `${r.errors} (${JSON.stringify(r.statuses)})` : "0");
const ok = (b: boolean) => (b ? "met" : "**missed**");
const at = (rep: Report, phase: string) => (rep.loads[phase] === undefined ? "" : ` — load average ${f(rep.loads[phase]!, 2)}`);

function anchors(rep: Report): string[] {
  const rs = ratios(rep.anchors);
  return [
    `## Against the anchors (16 connections, scripted delays off; ${rep.rounds} rounds, targets alternating run by run)${at(rep, "anchors")}`,
    "",
    "req/s of a target that posts callbacks (we, WireMock, Prism on our document, which declares them) is accepted pushes ÷ (load time + the time its last callback took to arrive after the load).",
    "",
    `Ours (SQLite, the default), median of the rounds: push ${f(median(rep.anchors.filter((r) => r.key === "ours" && r.route === "push").map((r) => r.sustained)), 0)} req/s, status ${f(median(rep.anchors.filter((r) => r.key === "ours" && r.route === "status").map((r) => r.sustained)), 0)} req/s.`,
    "",
    "| route | anchor | anchor req/s | ours ÷ anchor (median; spread) | p99 ms ours / anchor |",
    "|---|---|---:|---:|---:|",
    ...rs.map((r) => `| ${r.route} | ${r.label} | ${f(r.anchorRps, 0)} | **${f(r.median, 2)}** (${f(r.min, 2)}–${f(r.max, 2)}) | ${f(r.oursP99)} / ${f(r.anchorP99)} |`),
    "",
    "| round | route | target | req/s | p50 / p99 ms | callbacks received / pushes accepted, tail s | errors |",
    "|---:|---|---|---:|---:|---|---|",
    ...rep.anchors.map((r) => `| ${r.round} | ${r.route} | ${r.label} | ${f(r.sustained, 0)} | ${f(r.p50)} / ${f(r.p99)} | ${r.callbacks ? `${r.callbacks.received} / ${r.callbacks.expected}, ${f(r.callbacks.tailS, 2)}` : "–"} | ${errs(r)} |`),
  ];
}

function rows(list: Row[], withDelay: boolean): string[] {
  return [
    `| route | conns | req/s | p50 ms | p99 ms | p99 ÷ p50 |${withDelay ? " scripted delay | added p99 ms |" : ""} errors |`,
    `|---|---:|---:|---:|---:|---:|${withDelay ? "---:|---:|" : ""}---:|`,
    ...list.map((r) =>
      `| ${r.route} | ${r.connections} | ${f(r.rps, 0)} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.p99 / r.p50, 1)} |${withDelay ? ` ${r.delayMs} | ${f(r.p99 - r.delayMs)} |` : ""} ${errs(r)} |`),
  ];
}

function goals(rep: Report): string[] {
  const fixed = (route: string) => ratios(rep.anchors).find((r) => r.route === route && r.anchor === "prism-fixed");
  const [push, status] = [fixed("push"), fixed("status")];
  const added = Math.max(...rep.latency.map((r) => r.p99 - r.delayMs));
  const floor = rep.latencyFloor.length ? Math.max(...rep.latencyFloor.map((r) => r.p99 - r.delayMs)) : undefined;
  const overload = Math.max(...rep.overload.map((r) => r.p99 / r.p50));
  const filter = rep.console.find((p) => p.path.endsWith("status=4xx"));
  const slowest = Math.max(...rep.console.map((p) => p.max));
  const p = rep.punctuality;
  const dbRatio = rep.db ? pgOverSqlite(rep.db.rows) : [];
  return [
    "| goal | target | measured | |",
    "|---|---|---:|---|",
    ...(push ? [
      `| push req/s ÷ Prism on the fixed document | ≥ 0.8 (1.0 beyond) | ${f(push.median, 2)} | ${ok(push.median >= 0.8)} |`,
      `| push p99 ÷ Prism's on the fixed document | ≤ 2 | ${f(push.oursP99 / push.anchorP99, 1)} (${f(push.oursP99)} / ${f(push.anchorP99)} ms) | ${ok(push.oursP99 <= 2 * push.anchorP99)} |`,
    ] : ["| push req/s ÷ Prism on the fixed document | ≥ 0.8 (1.0 beyond) | not measured | see the notes |"]),
    ...(status ? [`| status req/s ÷ Prism on the fixed document | ≥ 1.5 | ${f(status.median, 2)} | ${ok(status.median >= 1.5)} |`] : []),
    ...dbRatio.map((r) => (r.route === "push"
      ? `| PostgreSQL ÷ SQLite per instance, push | ≥ 0.6 (0.8 beyond) | ${f(r.median, 2)} | ${ok(r.median >= 0.6)} |`
      : `| PostgreSQL ÷ SQLite per instance, ${r.route} | (no goal of its own; 0.5 before) | ${f(r.median, 2)} | |`)),
    ...(rep.db?.two.length ? [`| two instances: nothing dropped (calls logged, resources kept, callbacks posted and recorded) | all | see above | ${ok(nothingDropped(rep.db.two))} |`] : []),
    ...(rep.latency.length ? [`| gateway's added latency p99, 16 connections | < 5 ms | ${f(added)} ms${floor !== undefined ? ` (bare node:http sleeping the same delays: ${f(floor)} ms; above it: ${f(added - floor)} ms)` : ""} | ${ok(added < 5)} |`] : []),
    ...(rep.overload.length ? [`| overload (${rep.overload.map((r) => r.connections).filter((c, i, a) => a.indexOf(c) === i).join(" and ")} connections): p99 ÷ p50 | ≤ 3 | ${f(overload)} | ${ok(overload <= 3)} |`] : []),
    ...(p ? [
      `| callback lateness p99 | < 50 ms | ${f(p.p99)} ms | ${ok(p.p99 < 50)} |`,
      `| callbacks lost | 0 | ${p.sent - p.received} of ${p.sent} | ${ok(p.received === p.sent)} |`,
    ] : []),
    ...(filter ? [`| console: request log's 4xx filter at ${rep.consoleRows.logRows.toLocaleString("en")} rows, slowest load | < 200 ms | ${f(filter.max, 0)} ms (p50 ${f(filter.p50, 0)} ms) | ${ok(filter.max < 200)} |`] : []),
    ...(rep.console.length ? [`| console page or JSON route, slowest load | < 200 ms | ${f(slowest, 0)} ms | ${ok(slowest < 200)} |`] : []),
  ];
}

export function render(rep: Report): string {
  const p = rep.punctuality;
  const cpu = os.cpus();
  return [
    `# Benchmark ${rep.startedAt.toISOString()}${rep.quick ? " (BENCH_QUICK: short rounds, for development only)" : ""}`,
    "",
    `${cpu.length} × ${cpu[0]?.model ?? "cpu"}, Node ${process.version}; ${rep.durationS} s per run, ${rep.rounds} rounds, ${rep.warmupS} s warm-up per JIT anchor; ` +
      `${f(rep.seconds / 60)} minutes in all; load average (1 min) ${f(rep.loads.anchors ?? NaN, 2)} at the start, ${f(rep.loads.end ?? NaN, 2)} at the end. The load generator and the callback receiver run in the bench process, and PostgreSQL on the same machine; ` +
      "other users of the machine show in the load averages.",
    "",
    ...(rep.anchors.length ? [...anchors(rep), ""] : []),
    ...(rep.overload.length ? [`## Overload (scripted delays off)${at(rep, "overload")}`, "", ...rows(rep.overload, false), ""] : []),
    ...(rep.latency.length ? [`## Added latency (scripted delays on, 16 connections; added = p99 − scripted delay)${at(rep, "latency")}`, "", ...rows(rep.latency, true), ""] : []),
    ...(rep.latencyFloor.length ? [
      "The machine's floor: bare node:http answering the same calls after sleeping the same delays (a timer, a wake-up, the load generator on the same cores), under the same load:", "",
      ...rows(rep.latencyFloor, true), "",
    ] : []),
    ...(p ? [
      "## Callback punctuality (lateness = receipt − the delivery's dueAt)",
      "",
      "| pushes accepted | callbacks received | duplicates | lateness p50 ms | p99 ms | max ms |",
      "|---:|---:|---:|---:|---:|---:|",
      `| ${p.sent} | ${p.received} | ${p.duplicates} | ${f(p.p50, 0)} | ${f(p.p99, 0)} | ${f(p.max, 0)} |`,
      "",
    ] : []),
    ...(rep.db ? [`_Databases${at(rep, "databases")}; two instances${at(rep, "two instances")}._`, "", ...dbSections(rep.db, rep.rounds)] : []),
    ...(rep.console.length ? [
      `## The console at ${rep.consoleRows.logRows.toLocaleString("en")} request-log rows and ${rep.consoleRows.deliveryRows.toLocaleString("en")} deliveries (one app; 5 loads after a warm-up)${at(rep, "console")}`,
      "",
      "| page or route | status | p50 ms | max ms |",
      "|---|---:|---:|---:|",
      ...rep.console.map((c) => `| \`${c.path.replace(/app_[\w-]+/, "<app>").replace(/req_[\w-]+/, "<req>").replace(/dlv_[\w-]+/, "<dlv>")}\` | ${c.status} | ${f(c.p50, 0)} | ${f(c.max, 0)} |`),
      "",
    ] : []),
    "## Goals",
    "",
    ...goals(rep),
    ...(rep.notes.length ? ["", "## Notes", "", ...rep.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
}
