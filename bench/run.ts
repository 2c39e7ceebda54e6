// `npm run bench`: the portal (started as `npm start` starts it) against fixed
// anchors in one run, then overload, the gateway's added latency and callback
// punctuality, SQLite and PostgreSQL per instance with what a call costs and
// the capacity model checked on two instances, and the console at a million
// rows; PostgreSQL's time per statement (bench/pg-statements.ts). Settings:
// bench/settings.ts (BENCH_ONLY=databases: the database phases alone);
// README "Performance".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cliOn, setUpApp } from "../tests/helpers/operator";
import { removeDb } from "../tests/helpers/server";
import { startAnchors, startBare } from "./anchors";
import { startArrivals } from "./arrivals";
import { drain, punctuality } from "./callbacks";
import { seed, signIn, timePages } from "./console-scale";
import { portalContender, sqliteVsPg } from "./databases";
import { load, type Target } from "./load";
import { openPgBench } from "./pg-setup";
import { type StatementsRun, statementsRuns } from "./pg-statements";
import { summarize } from "./profile-summary";
import { render, type Report, type Row } from "./report";
import { roundTrips } from "./round-trips";
import { ensureBuild, largestProfile, type Server, startPortal } from "./servers";
import { root, settings } from "./settings";
import { line, median, rounds, warmUp } from "./side-by-side";
import { calls, paid } from "./targets";
import { twoInstances } from "./two-instances";

const distDir = (process.env.NEXT_DIST_DIR ||= ".next-bench");
process.env.NEXT_TELEMETRY_DISABLED = "1";
const dbFile = path.join(root, "data", "bench.db");
const databaseUrl = (process.env.DATABASE_URL = `file:${dbFile}`); // before lib/db/prisma loads

async function run(s: Server, t: Target, conns: number, opts: { durationS?: number; amount?: number }): Promise<Row> {
  const r = await load(s.origin, t, conns, { rampMs: 1000, durationS: settings.durationS, ...opts });
  line(s.mount, r);
  return { ...r, delayMs: t.delayMs };
}

async function withServer<T>(start: () => Promise<Server>, body: (s: Server) => Promise<T>, notes: string[]): Promise<T> {
  const server = await start();
  try {
    return await body(server);
  } finally {
    await server.stop();
    const file = await largestProfile(server.profileDir);
    if (file) {
      fs.writeFileSync(`${file}.md`, summarize(file));
      notes.push(`CPU profile of ${server.mount}: ${path.relative(root, file)} (summary beside it, .md)`);
    }
  }
}

/** Our answers to one push and one status call: what the bare node:http anchor answers. */
async function answersOf(origin: string, token: string, callbackUrl: string) {
  const t = calls("/sandbox", token);
  const get = async (x: Target) => {
    const r = await fetch(`${origin}${x.path}`, { method: x.method, headers: x.headers, body: x.body?.() });
    return { status: r.status, body: await r.text() };
  };
  return { push: await get(t.push(callbackUrl)), status: await get(t.status) };
}

async function main() {
  const startedAt = new Date();
  ensureBuild(distDir);
  removeDb(dbFile);
  const rep: Report = {
    startedAt, seconds: 0, quick: settings.quick, durationS: settings.durationS, rounds: settings.rounds, warmupS: settings.warmupS,
    loads: {}, anchors: [], overload: [], latency: [], latencyFloor: [], punctuality: undefined, db: undefined, console: [],
    consoleRows: { logRows: settings.logRows, deliveryRows: settings.deliveryRows }, notes: [],
  };
  const { notes } = rep;
  const phase = (name: string) => {
    rep.loads[name] = os.loadavg()[0]!;
    console.log(`[bench] — ${name} (load average ${os.loadavg()[0]!.toFixed(2)})`);
  };
  const arrivals = await startArrivals(); // callbacks of every load run
  const { db } = await import("@/lib/db/prisma");
  let app: Awaited<ReturnType<typeof setUpApp>> | undefined;
  let answers: Awaited<ReturnType<typeof answersOf>> | undefined;
  const drained = async () => {
    const left = await drain(db, app!.appId);
    if (left) notes.push(`${left} callbacks still pending after the drain wait`);
  };
  try {
    // 1. Against the anchors, then overload, on one portal (SQLite, the default).
    if (!settings.onlyDatabases) phase("anchors");
    if (!settings.onlyDatabases) await withServer(() => startPortal({ mount: "ours", databaseUrl, profile: settings.profile }), async (s) => {
      app = await setUpApp(databaseUrl, s.origin, 1_000_000);
      const ours = { ...portalContender("ours", "ours (SQLite)", s) };
      const liveDoc = await fetch(`${s.origin}/openapi/collect.json`).then((r) => r.text());
      answers = await answersOf(s.origin, app.token, `${arrivals.url}/cb/sample`);
      const anchors = await startAnchors(liveDoc, answers, notes);
      try {
        for (const c of [ours, ...anchors]) await warmUp(c, app.token, arrivals);
        await drained();
        rep.anchors = await rounds([ours, ...anchors], app.token, arrivals, drained);
      } finally {
        for (const a of anchors) await a.server.stop();
      }
      phase("overload");
      const t = calls("/sandbox", app.token);
      for (const c of settings.overloadConnections) {
        for (const x of [t.push(`${arrivals.url}/cb/overload`), t.status]) {
          rep.overload.push(await run(s, x, c, {}));
          await drained(); // a push run's callbacks are out before the next run starts
        }
      }
    }, notes);
    // 2. Scripted delays on: the gateway's added latency, and callback punctuality.
    if (!settings.onlyDatabases) phase("latency");
    if (!settings.onlyDatabases) await withServer(() => startPortal({ mount: "ours (delays on)", databaseUrl }), async (s) => {
      const t = calls("/sandbox", app!.token, true);
      const push = t.push(`${arrivals.url}/cb/latency`);
      for (const x of [push, t.status]) await load(s.origin, x, 16, { amount: 500 });
      await drained();
      for (const x of [push, t.status]) rep.latency.push(await run(s, x, 16, {}));
      await drained();
      // The machine's floor: bare node:http answering the same calls after sleeping the same delays.
      if (answers) {
        const bare = calls("", app!.token, true);
        const [bp, bs] = [bare.push(`${arrivals.url}/cb/none`), bare.status];
        await withServer(() => startBare(answers!.push, answers!.status, { push: bp.delayMs, status: bs.delayMs }), async (b) => {
          for (const x of [bp, bs]) rep.latencyFloor.push(await run(b, x, 16, {}));
        }, notes);
      }
      rep.punctuality = await punctuality(db, s.origin, t.push, { count: settings.punctualityCalls, connections: 16, callbackDelayMs: paid.callbackDelayMs ?? 0 });
      console.log(`[bench] callback punctuality ${JSON.stringify(rep.punctuality)}`);
    }, notes);
    // 3. SQLite and PostgreSQL per instance, what a call costs, two instances, round trips.
    phase("databases");
    const pgb = await openPgBench(notes);
    if (pgb) {
      try {
        const { rows, pgServer, pgToken } = await sqliteVsPg(pgb, arrivals);
        const pgRps = (route: string) => median(rows.filter((r) => r.db === "PostgreSQL" && r.route === route).map((r) => r.sustained));
        let two: Awaited<ReturnType<typeof twoInstances>> = [];
        let statements: StatementsRun[] = [];
        try {
          if (pgb.statements) {
            phase("statements");
            statements = await statementsRuns(pgb, pgServer, pgToken, arrivals);
          }
          phase("two instances");
          two = await twoInstances(pgb, pgServer, { push: pgRps("push"), status: pgRps("status") }, arrivals);
        } finally {
          await pgServer.stop();
        }
        phase("round trips");
        rep.db = { rows, two, wire: await roundTrips(pgb, arrivals), statements, pgAbout: pgb.server.about };
      } finally {
        await pgb.close();
      }
    }
    // 4. The console at a million rows.
    if (settings.logRows > 0 && !settings.onlyDatabases) {
      phase("console");
      const email = `bench-${Date.now().toString(36)}@example.com`;
      await cliOn(databaseUrl, "http://127.0.0.1:3000", "user", "create", "--email", email, "--password", "bench password 1");
      const { appId } = await cliOn(databaseUrl, "http://127.0.0.1:3000", "app", "create", "--owner", email, "--name", "Big");
      console.log(`[bench] seeding ${settings.logRows} request-log rows and ${settings.deliveryRows} deliveries…`);
      const { requestId, deliveryId } = seed(dbFile, appId, settings.logRows, settings.deliveryRows);
      const env = { REQUEST_LOG_LIMIT: String(settings.logRows * 2), DELIVERY_LIMIT: String(settings.deliveryRows * 2) };
      await withServer(() => startPortal({ mount: "console", databaseUrl, env }), async (s) => {
        const cookie = await signIn(s.origin, email, "bench password 1");
        const a = `/apps/${appId}`;
        const api = `/api/console/apps/${appId}`;
        rep.console = await timePages(s.origin, cookie, [
          "/apps", a, `${a}/requests`, `${a}/requests/${requestId}`, `${a}/callbacks`, `${a}/callbacks/${deliveryId}`, `${a}/inspector`, `${a}/keys`, `${a}/subscriptions`,
          `${api}/requests`, `${api}/requests?status=4xx`, `${api}/requests?operation=collect.status`, `${api}/requests?scenario=paid`,
          `${api}/requests?requestId=${requestId}`, `${api}/requests/${requestId}`, `${api}/deliveries`, `${api}/deliveries?state=failed`,
          `${api}/deliveries/${deliveryId}`, `${api}/inbox`,
        ]);
        for (const p of rep.console) console.log(`[bench] console ${p.status} ${p.p50.toFixed(0).padStart(5)} ms p50 ${p.max.toFixed(0).padStart(5)} ms max  ${p.path}`);
      }, notes);
    }
  } finally {
    await arrivals.close();
  }
  phase("end");
  rep.seconds = (Date.now() - startedAt.getTime()) / 1000;
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "latest.json"), JSON.stringify(rep)); // the raw figures, kept even if rendering fails
  const markdown = render(rep);
  fs.writeFileSync(path.join(dir, "latest.md"), markdown);
  fs.writeFileSync(path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.md`), markdown);
  console.log(`\n${markdown}\n[bench] written to bench/results/latest.md (${rep.seconds.toFixed(0)} s)`);
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
