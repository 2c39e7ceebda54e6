// The benchmark's markdown: side by side with Prism, overload, added latency,
// callback punctuality, the console at scale, and the issue's targets.
import os from "node:os";
import type { Punctuality } from "./callbacks";
import type { PageTiming } from "./console-scale";
import type { LoadResult } from "./load";

export type Row = LoadResult & { mount: string; delayMs: number };
export type Pair = { route: string; round: number; ours: Row; prism: Row };

export type Report = {
  startedAt: Date;
  durationS: number;
  rounds: number;
  prismWarmupS: number;
  loadBefore: number[];
  loadAfter: number[];
  sideBySide: Pair[];
  overload: Row[];
  latency: Row[];
  punctuality: Punctuality | undefined;
  console: PageTiming[];
  consoleRows: { logRows: number; deliveryRows: number };
  notes: string[];
};

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const errs = (r: LoadResult) => (r.errors ? `${r.errors} (${JSON.stringify(r.statuses)})` : "0");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const ok = (b: boolean) => (b ? "met" : "**missed**");

/** Ratio (ours ÷ Prism) per operation: median, min and max over the rounds. */
export function ratios(pairs: Pair[]) {
  const routes = [...new Set(pairs.map((p) => p.route))];
  return routes.map((route) => {
    const rs = pairs.filter((p) => p.route === route).map((p) => p.ours.rps / p.prism.rps);
    return { route, median: median(rs), min: Math.min(...rs), max: Math.max(...rs) };
  });
}

function sideBySide(rep: Report): string[] {
  return [
    "| operation | round | ours req/s | Prism req/s | ratio | ours p50 / p99 ms | Prism p50 / p99 ms | errors (ours, Prism) |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    ...rep.sideBySide.map((p) =>
      `| ${p.route} | ${p.round} | ${f(p.ours.rps, 0)} | ${f(p.prism.rps, 0)} | ${f(p.ours.rps / p.prism.rps, 2)} | ${f(p.ours.p50)} / ${f(p.ours.p99)} | ${f(p.prism.p50)} / ${f(p.prism.p99)} | ${errs(p.ours)}, ${errs(p.prism)} |`),
    "",
    "| operation | ratio, median | spread (min – max) |",
    "|---|---:|---:|",
    ...ratios(rep.sideBySide).map((r) => `| ${r.route} | **${f(r.median, 2)}** | ${f(r.min, 2)} – ${f(r.max, 2)} |`),
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

function targets(rep: Report): string[] {
  const rs = ratios(rep.sideBySide);
  const added = Math.max(...rep.latency.map((r) => r.p99 - r.delayMs));
  const overload = Math.max(...rep.overload.map((r) => r.p99 / r.p50));
  const slowest = Math.max(...rep.console.map((p) => p.max));
  const p = rep.punctuality;
  return [
    "| target | goal | measured | |",
    "|---|---|---:|---|",
    ...rs.map((r) => `| ${r.route} req/s ÷ Prism's (median of ${rep.rounds}) | ≥ 1.0 | ${f(r.median, 2)} (${f(r.min, 2)} – ${f(r.max, 2)}) | ${ok(r.median >= 1)} |`),
    `| gateway's added latency p99, 16 connections | < 5 ms | ${f(added)} ms | ${ok(added < 5)} |`,
    `| overload (100 and 1,000 connections): p99 ÷ p50 | ≤ 3 | ${f(overload)} | ${ok(overload <= 3)} |`,
    ...(p ? [
      `| callback lateness p99 | < 50 ms | ${f(p.p99)} ms | ${ok(p.p99 < 50)} |`,
      `| callbacks lost | 0 | ${p.sent - p.received} of ${p.sent} | ${ok(p.received === p.sent)} |`,
    ] : []),
    ...(rep.console.length ? [`| console page or JSON route, slowest load | < 200 ms | ${f(slowest, 0)} ms | ${ok(slowest < 200)} |`] : []),
  ];
}

export function render(rep: Report): string {
  const p = rep.punctuality;
  const cpu = os.cpus();
  return [
    `# Benchmark ${rep.startedAt.toISOString()}`,
    "",
    `${cpu.length} × ${cpu[0]?.model ?? "cpu"}, Node ${process.version}; ${rep.durationS} s per run; ` +
      `load average before ${rep.loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${rep.loadAfter.map((l) => l.toFixed(2)).join(" ")}. ` +
      "autocannon and the callback receiver run in the bench process on the same machine.",
    "",
    `## Side by side with Prism (16 connections, scripted delays off, Prism warmed up ${rep.prismWarmupS} s; A B A B)`,
    "",
    "Ours does the whole call: token, checks, rate count, validation, request log, resource, and the callback scheduled and posted to a local receiver while the load runs. Prism (`prism mock -v error`, request validation on, our published OpenAPI for Collect) answers from the document.",
    "",
    ...sideBySide(rep),
    "",
    "## Overload (scripted delays off)",
    "",
    ...rows(rep.overload, false),
    "",
    "## Added latency (scripted delays on, 16 connections; added = p99 − scripted delay)",
    "",
    ...rows(rep.latency, true),
    "",
    ...(p ? [
      "## Callback punctuality (lateness = receipt − the delivery's dueAt)",
      "",
      "| pushes accepted | callbacks received | duplicates | lateness p50 ms | p99 ms | max ms |",
      "|---:|---:|---:|---:|---:|---:|",
      `| ${p.sent} | ${p.received} | ${p.duplicates} | ${f(p.p50, 0)} | ${f(p.p99, 0)} | ${f(p.max, 0)} |`,
      "",
    ] : []),
    ...(rep.console.length ? [
      `## The console at ${rep.consoleRows.logRows.toLocaleString("en")} request-log rows and ${rep.consoleRows.deliveryRows.toLocaleString("en")} deliveries (one app; 5 loads after a warm-up)`,
      "",
      "| page or route | status | p50 ms | max ms |",
      "|---|---:|---:|---:|",
      ...rep.console.map((c) => `| \`${c.path.replace(/app_[\w-]+/, "<app>").replace(/req_[\w-]+/, "<req>").replace(/dlv_[\w-]+/, "<dlv>")}\` | ${c.status} | ${f(c.p50, 0)} | ${f(c.max, 0)} |`),
      "",
    ] : []),
    "## Targets",
    "",
    ...targets(rep),
    ...(rep.notes.length ? ["", "## Notes", "", ...rep.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
}
