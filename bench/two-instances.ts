// Two portal instances on one PostgreSQL database, on this machine: the check
// of the capacity model (bench/capacity.ts). Both take the same app's calls at
// once (16 connections each, a fixed number of calls each so that none is cut
// off in flight), and then every row is counted: every call answered is in
// the request log, every push kept its resource, every callback arrived and
// its delivery is recorded DELIVERED with its attempt.
import { setUpApp } from "../tests/helpers/operator";
import type { Arrivals } from "./arrivals";
import { type CpuUse, startMeter } from "./cpu";
import { portalContender, RAISED_BOUNDS } from "./databases";
import { load } from "./load";
import type { AppRows, PgBench } from "./pg-setup";
import { type Server, startPortal } from "./servers";
import { line, measure, type Route } from "./side-by-side";
import { settings } from "./settings";
import { calls } from "./targets";

export type TwoInstanceRun = {
  route: Route;
  answered: number;
  accepted: number;
  rps: number;
  p99: number;
  tailS: number;
  callbacksReceived?: number;
  cpu: CpuUse;
  /** Rows added by the run. */
  rows: AppRows;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const diff = (a: AppRows, b: AppRows): AppRows => ({
  requestLog: b.requestLog - a.requestLog, resources: b.resources - a.resources, delivered: b.delivered - a.delivered,
  pendingDeliveries: b.pendingDeliveries, attempts: b.attempts - a.attempts,
});

/** `oneInstanceRps`: what one instance did per route, to size each instance's share (a run of about `durationS`). */
export async function twoInstances(pgb: PgBench, first: Server, oneInstanceRps: Record<Route, number>, arrivals: Arrivals): Promise<TwoInstanceRun[]> {
  const second = await startPortal({ mount: "PostgreSQL B", databaseUrl: pgb.url, env: RAISED_BOUNDS });
  try {
    const app = await setUpApp(pgb.url, first.origin, 1_000_000);
    const cs = [portalContender("pg2", "PostgreSQL A", first), portalContender("pg2", "PostgreSQL B", second)];
    for (const route of ["push", "status"] as const) await measure(cs[1]!, app.token, route, 0, arrivals, settings.oursWarmupS);
    const out: TwoInstanceRun[] = [];
    for (const route of ["push", "status"] as const) {
      for (let i = 0; i < 200 && (await pgb.rowsOf(app.appId)).pendingDeliveries > 0; i++) await sleep(50);
      const before = await pgb.rowsOf(app.appId);
      const each = Math.max(200, Math.round((oneInstanceRps[route] * settings.durationS) / 2));
      const cbPath = `/cb/pg2/${route}`;
      const meter = await startMeter(cs.map((c) => c.server.pgid), { admin: pgb.admin, database: pgb.database });
      const t0 = Date.now();
      const rs = await Promise.all(cs.map((c) => {
        const t = calls(c.prefix, app.token);
        return load(c.server.origin, route === "push" ? t.push(`${arrivals.url}${cbPath}`) : t.status, settings.connections, { amount: each, rampMs: 1000 });
      }));
      const endAt = Date.now();
      rs.forEach((r, i) => line(`${cs[i]!.label} (of 2)`, r));
      const accepted = rs.reduce((n, r) => n + r.count, 0);
      const answered = rs.reduce((n, r) => n + Object.values(r.statuses).reduce((a, b) => a + b, 0), 0);
      let tailS = 0;
      let callbacksReceived: number | undefined;
      if (route === "push") {
        const w = await arrivals.waitFor(cbPath, accepted, { timeoutMs: settings.callbackWaitS * 1000 });
        tailS = Math.max(0, (w.lastAt - endAt) / 1000);
        callbacksReceived = w.received;
      }
      const cpu = await meter.stop();
      if (route === "push") {
        for (let i = 0; i < 200 && (await pgb.rowsOf(app.appId)).delivered - before.delivered < accepted; i++) await sleep(50);
      }
      const rps = accepted / ((endAt - t0) / 1000 + tailS);
      out.push({ route, answered, accepted, rps, p99: Math.max(...rs.map((r) => r.p99)), tailS, callbacksReceived, cpu, rows: diff(before, await pgb.rowsOf(app.appId)) });
      console.log(`[bench] two instances ${route}: ${rps.toFixed(0)} req/s together; answered ${answered}, logged ${out.at(-1)!.rows.requestLog}${route === "push" ? `, callbacks ${callbacksReceived}/${accepted}` : ""}`);
    }
    return out;
  } finally {
    await second.stop();
  }
}
