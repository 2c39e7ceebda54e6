// The benchmark's markdown: latency, throughput, callback punctuality, targets.
import os from "node:os";
import type { Punctuality } from "./callbacks";
import type { LoadResult } from "./load";

export type Row = LoadResult & { mount: string; delayMs: number };

export type Report = {
  startedAt: Date;
  durationS: number;
  loadBefore: number[];
  loadAfter: number[];
  latency: Row[];
  throughput: Row[];
  punctuality: Punctuality;
  notes: string[];
};

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const errs = (r: LoadResult) => (r.errors ? `${r.errors} (${JSON.stringify(r.statuses)})` : "0");

function bare(rows: Row[], mount: string, connections: number): Row | undefined {
  return rows.find((r) => r.mount === mount && r.route.startsWith("bare") && r.connections === connections);
}

function latencyTable(rows: Row[]): string[] {
  return [
    "| server | route | conns | req/s | p50 ms | p99 ms | scripted delay | added p50 ms | added p99 ms | added p99, whole run | errors |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) =>
      `| ${r.mount} | ${r.route} | ${r.connections} | ${f(r.rps, 0)} | ${f(r.p50)} | ${f(r.p99)} | ${r.delayMs} | ${f(r.p50 - r.delayMs)} | ${f(r.p99 - r.delayMs)} | ${f(r.p99All - r.delayMs)} | ${errs(r)} |`),
  ];
}

function throughputTable(rows: Row[]): string[] {
  return [
    "| server | route | conns | req/s | bare route req/s (same run) | ratio | p50 ms | p99 ms | errors |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => {
      const b = bare(rows, r.mount, r.connections);
      return `| ${r.mount} | ${r.route} | ${r.connections} | ${f(r.rps, 0)} | ${b ? f(b.rps, 0) : "–"} | ${b ? f(r.rps / b.rps, 2) : "–"} | ${f(r.p50)} | ${f(r.p99)} | ${errs(r)} |`;
    }),
  ];
}

function targets(rep: Report): string[] {
  const next16 = rep.latency.filter((r) => r.mount === "next start" && r.connections === 16 && r.delayMs > 0);
  const worstAdded = Math.max(...next16.map((r) => r.p99 - r.delayMs));
  const worstAddedAll = Math.max(...next16.map((r) => r.p99All - r.delayMs));
  const ratios = rep.throughput
    .filter((r) => r.mount === "next start" && !r.route.startsWith("bare"))
    .map((r) => ({ r, b: bare(rep.throughput, r.mount, r.connections) }))
    .filter((x) => x.b)
    .map((x) => x.r.rps / x.b!.rps);
  const worstRatio = Math.min(...ratios);
  const p = rep.punctuality;
  const ok = (b: boolean) => (b ? "met" : "**missed**");
  return [
    "| target | goal | measured (worst case) | |",
    "|---|---|---:|---|",
    `| pipeline's added latency p99, 16 connections (next start) | < 10 ms | ${f(worstAdded)} ms (whole run ${f(worstAddedAll)} ms) | ${ok(worstAdded < 10)} |`,
    `| full pipeline req/s ÷ bare route req/s (next start, delay off) | ≥ 0.5 | ${f(worstRatio, 2)} | ${ok(worstRatio >= 0.5)} |`,
    `| callback lateness p99 | < 50 ms | ${f(p.p99)} ms | ${ok(p.p99 < 50)} |`,
    `| callbacks lost | 0 | ${p.sent - p.received} of ${p.sent} | ${ok(p.received === p.sent)} |`,
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
      "autocannon runs in the bench process on the same machine.",
    "",
    "## Latency (scripted delay on; added = latency − scripted delay = the gateway's own cost)",
    "",
    "Percentiles leave out each run's first second (autocannon opens all connections at once, and that first synchronized round queues behind itself); the last column keeps it.",
    "",
    ...latencyTable(rep.latency),
    "",
    "## Throughput (SANDBOX_NO_SCRIPTED_DELAY=1: the full pipeline without the sleep; ratio = req/s ÷ the same server's bare route, measured just before at the same connections)",
    "",
    ...throughputTable(rep.throughput),
    "",
    "## Callback punctuality (next start; lateness = receipt − the delivery's dueAt)",
    "",
    "| pushes accepted | callbacks received | duplicates | push req/s | lateness p50 ms | p99 ms | max ms |",
    "|---:|---:|---:|---:|---:|---:|---:|",
    `| ${p.sent} | ${p.received} | ${p.duplicates} | ${f(p.pushRps, 0)} | ${f(p.p50, 0)} | ${f(p.p99, 0)} | ${f(p.max, 0)} |`,
    "",
    "## Targets",
    "",
    ...targets(rep),
    ...(rep.notes.length ? ["", "## Notes", "", ...rep.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
}
