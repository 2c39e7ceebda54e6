// Round trips and statements per call on PostgreSQL, counted on the wire
// (bench/pg-wire.ts) for a portal instance of its own: a fixed number of
// pushes (until each callback is posted and recorded), then of status calls.
// The instance's background traffic (the dispatcher's 1-s poll, the sweeper)
// is counted while it is idle first and subtracted for the same time.
import { setUpApp } from "../tests/helpers/operator";
import type { Arrivals } from "./arrivals";
import { portalContender, RAISED_BOUNDS } from "./databases";
import { load } from "./load";
import type { PgBench } from "./pg-setup";
import { startWireCounter, type WireCounts } from "./pg-wire";
import { startPortal } from "./servers";
import { line, measure, type Route } from "./side-by-side";
import { settings } from "./settings";
import { calls } from "./targets";

export type PerCall = {
  route: Route;
  calls: number;
  roundTrips: number;
  statements: number;
  /** Statements run per call by name (prepared statement or first word), the busiest first. */
  byName: [string, number][];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const snap = (c: WireCounts): WireCounts => ({ ...c, byName: new Map(c.byName) });
/** Counts from `a` to `b`, less `idle` (counts over `idleS` seconds) scaled to `s` seconds. */
function between(a: WireCounts, b: WireCounts, idle: WireCounts, idleS: number, s: number, calls: number) {
  const per = (x: number, y: number, z: number) => (y - x - (z * s) / idleS) / calls;
  const byName = [...b.byName].map(([k, n]) => [k, per(a.byName.get(k) ?? 0, n, idle.byName.get(k) ?? 0)] as [string, number]);
  return {
    roundTrips: per(a.roundTrips, b.roundTrips, idle.roundTrips),
    statements: per(a.statements, b.statements, idle.statements),
    byName: byName.filter(([, n]) => n >= 0.005).sort((x, y) => y[1] - x[1]),
  };
}

export async function roundTrips(pgb: PgBench, arrivals: Arrivals): Promise<PerCall[]> {
  const target = new URL(pgb.url);
  const counter = await startWireCounter({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(pgb.url);
  proxied.host = `127.0.0.1:${counter.port}`;
  const server = await startPortal({ mount: "PostgreSQL (counted)", databaseUrl: proxied.toString(), env: RAISED_BOUNDS });
  try {
    const app = await setUpApp(pgb.url, server.origin, 1_000_000);
    const c = portalContender("pg-wire", "PostgreSQL (counted)", server);
    for (const route of ["push", "status"] as const) await measure(c, app.token, route, 0, arrivals, settings.oursWarmupS);
    const idleS = 2;
    await sleep(1000);
    const i0 = snap(counter.counts);
    await sleep(idleS * 1000);
    const i1 = snap(counter.counts);
    const idle: WireCounts = {
      roundTrips: i1.roundTrips - i0.roundTrips, statements: i1.statements - i0.statements,
      byName: new Map([...i1.byName].map(([k, n]) => [k, n - (i0.byName.get(k) ?? 0)])),
    };
    const out: PerCall[] = [];
    const n = settings.quick ? 300 : 1000;
    for (const route of ["push", "status"] as const) {
      const before = snap(counter.counts);
      const t0 = Date.now();
      const t = calls(c.prefix, app.token);
      const cbPath = `/cb/pg-wire/${route}`;
      const r = await load(server.origin, route === "push" ? t.push(`${arrivals.url}${cbPath}`) : t.status, settings.connections, { amount: n });
      line(c.label, r);
      if (route === "push") {
        await arrivals.waitFor(cbPath, r.count, { timeoutMs: settings.callbackWaitS * 1000 });
        for (let i = 0; i < 200 && (await pgb.rowsOf(app.appId)).pendingDeliveries > 0; i++) await sleep(50);
        await sleep(200); // the last attempts' records
      }
      out.push({ route, calls: r.count, ...between(before, snap(counter.counts), idle, idleS, (Date.now() - t0) / 1000, r.count) });
      console.log(`[bench] PostgreSQL ${route}: ${out.at(-1)!.roundTrips.toFixed(2)} round trips, ${out.at(-1)!.statements.toFixed(2)} statements per call`);
    }
    return out;
  } finally {
    await server.stop();
    await counter.close();
  }
}
