// The portal side by side with its anchors (bench/anchors.ts): warm every
// target up, then alternate them run by run (A B C D E for push, then for
// status), `settings.rounds` times, 16 connections, scripted delays off.
// A target that posts a callback per push (`callsBack`) is measured until its
// last callback arrived: its rate is accepted pushes ÷ (load time + the tail
// of callbacks still arriving after the load), so work deferred past the run
// is not free.
import type { Arrivals } from "./arrivals";
import type { Contender } from "./anchors";
import { type LoadResult, load } from "./load";
import { settings } from "./settings";
import { calls } from "./targets";

export type Route = "push" | "status";
export type CallbackTally = { expected: number; received: number; tailS: number };
export type RunRow = LoadResult & { key: string; label: string; round: number; sustained: number; callbacks?: CallbackTally };

export const line = (label: string, r: LoadResult, extra = "") =>
  console.log(`[bench] ${label.padEnd(30)} ${r.route.padEnd(7)} c=${String(r.connections).padStart(4)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)}  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.statuses)}` : ""}${extra}`);

/** One measured run of `route` on `c`; its callbacks (if it posts them) go to `/cb/<key>/<round>-<route>` and are waited for. */
export async function measure(c: Contender, token: string, route: Route, round: number, arrivals: Arrivals, durationS = settings.durationS): Promise<RunRow> {
  const cbPath = `/cb/${c.key}/${round}-${route}`;
  const t = calls(c.prefix, token);
  const r = await load(c.server.origin, route === "push" ? t.push(`${arrivals.url}${cbPath}`) : t.status, settings.connections, { durationS, rampMs: 1000 });
  const endAt = Date.now();
  let sustained = r.rps;
  let callbacks: CallbackTally | undefined;
  if (route === "push" && c.callsBack) {
    const w = await arrivals.waitFor(cbPath, r.count, { timeoutMs: settings.callbackWaitS * 1000 });
    const tailS = Math.max(0, (w.lastAt - endAt) / 1000);
    callbacks = { expected: r.count, received: w.received, tailS };
    sustained = r.count / (r.durationS + tailS);
  } else if (route === "push" && arrivals.count(cbPath) > 0) {
    callbacks = { expected: r.count, received: arrivals.count(cbPath), tailS: 0 };
  }
  const cb = callbacks ? `  callbacks ${callbacks.received}/${callbacks.expected}, tail ${callbacks.tailS.toFixed(2)} s → ${sustained.toFixed(0)} req/s` : "";
  line(c.label, r, cb);
  return { ...r, key: c.key, label: c.label, round, sustained, callbacks };
}

/** Load before measuring: a JIT anchor `settings.warmupS` (push and status in turns), the others `oursWarmupS` per route. */
export async function warmUp(c: Contender, token: string, arrivals: Arrivals): Promise<void> {
  const t = calls(c.prefix, token);
  const push = t.push(`${arrivals.url}/cb/${c.key}/warm`);
  if (!c.warm) {
    for (const x of [push, t.status]) await load(c.server.origin, x, settings.connections, { durationS: settings.oursWarmupS });
    return;
  }
  console.log(`[bench] warming ${c.label} up for ${settings.warmupS} s (its JIT)…`);
  const chunk = settings.quick ? 2 : 5;
  for (let i = 0; i < Math.ceil(settings.warmupS / chunk); i++) await load(c.server.origin, i % 2 ? t.status : push, settings.connections, { durationS: chunk });
}

/** Alternating rounds over `targets` (ours first); `between` runs after each of our push runs (the callbacks drained). */
export async function rounds(targets: Contender[], token: string, arrivals: Arrivals, between: () => Promise<void>): Promise<RunRow[]> {
  const rows: RunRow[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    for (const route of ["push", "status"] as const) {
      for (const c of targets) {
        rows.push(await measure(c, token, route, round, arrivals));
        if (route === "push" && c.callsBack) await between();
      }
    }
  }
  return rows;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

export type Ratio = { route: Route; anchor: string; label: string; median: number; min: number; max: number; oursP99: number; anchorP99: number; anchorRps: number };

/** Ours ÷ each anchor per route: the median of the rounds' ratios (and their spread), p99s as medians. */
export function ratios(rows: RunRow[], oursKey = "ours"): Ratio[] {
  const out: Ratio[] = [];
  for (const route of ["push", "status"] as const) {
    const of = (key: string) => rows.filter((r) => r.key === key && r.route === route);
    const ours = of(oursKey);
    for (const key of [...new Set(rows.map((r) => r.key))].filter((k) => k !== oursKey)) {
      const theirs = of(key);
      const rs = theirs.map((a) => (ours.find((o) => o.round === a.round)?.sustained ?? NaN) / a.sustained).filter(Number.isFinite);
      out.push({
        route, anchor: key, label: theirs[0]!.label, median: median(rs), min: Math.min(...rs), max: Math.max(...rs),
        oursP99: median(ours.map((r) => r.p99)), anchorP99: median(theirs.map((r) => r.p99)), anchorRps: median(theirs.map((r) => r.sustained)),
      });
    }
  }
  return out;
}
