// `npm run bench`: the portal (started as `npm start` starts it) side by side
// with Stoplight Prism, the anchor, in one run; then the gateway's
// added latency, overload, callback punctuality and the console at a million rows.
// See README "Performance".
//   BENCH_DURATION=s per run (default 6)   BENCH_ROUNDS=n A-B rounds (default 3)
//   BENCH_PRISM_WARMUP=s (default 30)      BENCH_PROFILE=1 (CPU profile of the portal)
//   BENCH_LOG_ROWS / BENCH_DELIVERY_ROWS (default 1,000,000 / 100,000; 0 skips the console phase)
//   BENCH_PG_URL (a PostgreSQL server whose role may create databases; default
//     TEST_PG_URL or the local `sandbox` role; the PostgreSQL phase is skipped when none answers)
//   NEXT_DIST_DIR (build folder, default .next-bench; built when missing)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { operationById } from "@/lib/catalog";
import { TIME_SCALE_HEADER } from "@/lib/engine";
import { startReceiver } from "../tests/helpers/receiver";
import { removeDb } from "../tests/helpers/server";
import { cliOn, setUpApp } from "../tests/helpers/operator";
import { drain, punctuality } from "./callbacks";
import { seed, signIn, timePages } from "./console-scale";
import { load, type LoadResult, type Target } from "./load";
import { summarize } from "./profile-summary";
import { render, type Report, type Row } from "./report";
import { ensureBuild, largestProfile, root, startPortal, startPrism, type Server } from "./servers";

const distDir = (process.env.NEXT_DIST_DIR ||= ".next-bench");
process.env.NEXT_TELEMETRY_DISABLED = "1";
const num = (name: string, d: number) => Number(process.env[name] ?? d);
const durationS = num("BENCH_DURATION", 6);
const rounds = num("BENCH_ROUNDS", 3);
const prismWarmupS = num("BENCH_PRISM_WARMUP", 30);
const logRows = num("BENCH_LOG_ROWS", 1_000_000);
const deliveryRows = num("BENCH_DELIVERY_ROWS", 100_000);
const profile = process.env.BENCH_PROFILE === "1";
const dbFile = path.join(root, "data", "bench.db");
const databaseUrl = (process.env.DATABASE_URL = `file:${dbFile}`); // before lib/db/prisma loads

function scenario(opId: string, key: string) {
  const s = operationById(opId)?.scenarios.find((x) => x.key === key);
  if (!s) throw new Error(`no scenario ${opId}/${key} in the catalog`);
  return s;
}
const completed = scenario("collect.status", "completed");
const paid = scenario("collect.push", "paid");

let seq = 0;
const runTag = Date.now().toString(36);
/** Push and status against a server whose operations sit under `prefix` (/sandbox for us, / for Prism). */
function targets(prefix: string, token: string, callbackUrl: string, delayed: boolean) {
  // Scripted delays off: every call runs at time scale 0 (X-Svc-Time-Scale), which also makes its callback due at once.
  const auth = { authorization: `Bearer ${token}`, ...(delayed ? {} : { [TIME_SCALE_HEADER]: "0" }) };
  const status: Target = {
    route: "status", method: "GET", path: `${prefix}/collect/v1/push/chk_x`,
    headers: { ...auth, "x-svc-scenario": "completed" }, status: completed.status, delayMs: delayed ? completed.delayMs : 0,
  };
  const push = (url: string): Target => ({
    route: "push", method: "POST", path: `${prefix}/collect/v1/push`,
    headers: { ...auth, "content-type": "application/json" }, status: paid.status, delayMs: delayed ? paid.delayMs : 0,
    body: () => JSON.stringify({
      shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678",
      reference: `B${runTag}${(seq++).toString(36)}`, callbackUrl: url,
    }),
  });
  return { status, push, pushHere: push(callbackUrl) };
}

const line = (mount: string, r: LoadResult) =>
  console.log(`[bench] ${mount.padEnd(22)} ${r.route.padEnd(7)} c=${String(r.connections).padStart(4)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)}  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors} ${r.errors ? JSON.stringify(r.statuses) : ""}`);

async function run(server: Server, t: Target, conns: number, opts: { durationS?: number; amount?: number }): Promise<Row> {
  const r = await load(server.origin, t, conns, { rampMs: 1000, ...opts });
  line(server.mount, r);
  return { ...r, mount: server.mount, delayMs: t.delayMs };
}

async function withServer<T>(start: () => Promise<Server>, body: (s: Server) => Promise<T>, notes: string[]): Promise<T> {
  const server = await start();
  try {
    return await body(server);
  } finally {
    await server.stop();
    const file = await largestProfile(server.profileDir);
    if (file) {
      const out = summarize(file);
      fs.writeFileSync(`${file}.md`, out);
      console.log(out);
      notes.push(`CPU profile of ${server.mount}: ${path.relative(root, file)} (summary beside it, .md)`);
    }
  }
}

/** Push and status on each server at once (one autocannon per server): summed req/s, worst p99. */
async function together(servers: Server[], pick: (s: Server) => Target): Promise<Row> {
  const rs = await Promise.all(servers.map((s) => load(s.origin, pick(s), 16, { durationS, rampMs: 1000 })));
  const worst = rs.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const row: Row = { ...worst, rps: rs.reduce((n, r) => n + r.rps, 0), errors: rs.reduce((n, r) => n + r.errors, 0), mount: servers[0]!.mount, delayMs: 0 };
  line(`${row.mount} ×${servers.length}`, row);
  return row;
}

async function databases(out: Row[], notes: string[]): Promise<void> {
  const pgAdmin = process.env.BENCH_PG_URL || process.env.TEST_PG_URL || "postgresql://sandbox:sandbox@127.0.0.1:5432/postgres";
  process.env.TEST_PG_URL = pgAdmin;
  const { createPgDatabase, dropPgDatabase } = await import("../tests/helpers/test-db");
  let pgUrl: string;
  try {
    pgUrl = await createPgDatabase("sandbox_bench");
  } catch (e) {
    notes.push(`PostgreSQL phase skipped: no server at BENCH_PG_URL (${(e as Error).message})`);
    return;
  }
  const receiver = await startReceiver();
  const sqliteFile = path.join(root, "data", "bench-db.db");
  removeDb(sqliteFile);
  try {
    const setups: { label: string; url: string; instances: number }[] = [
      { label: "SQLite, 1 instance", url: `file:${sqliteFile}`, instances: 1 },
      { label: "PostgreSQL, 1 instance", url: pgUrl, instances: 1 },
      { label: "PostgreSQL, 2 instances", url: pgUrl, instances: 2 },
    ];
    for (const setup of setups) {
      const servers: Server[] = [];
      try {
        for (let i = 0; i < setup.instances; i++) {
          servers.push(await startPortal({ mount: setup.label, port: 3511 + i, databaseUrl: setup.url, profile: false }));
        }
        const app = await setUpApp(setup.url, servers[0]!.origin, 1_000_000);
        const t = targets("/sandbox", app.token, `${receiver.url}/db`, false);
        for (const x of [t.pushHere, t.status]) await together(servers, () => x); // warm-up
        out.push({ ...(await together(servers, () => t.pushHere)), mount: setup.label });
        out.push({ ...(await together(servers, () => t.status)), mount: setup.label });
      } finally {
        for (const s of servers) await s.stop();
      }
    }
  } finally {
    await receiver.close();
    await dropPgDatabase("sandbox_bench").catch(() => {});
  }
}

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  ensureBuild(distDir);
  removeDb(dbFile);
  const notes: string[] = [];
  const receiver = await startReceiver(); // callbacks of the pushes in the load runs
  const { db } = await import("@/lib/db/prisma");
  let app: Awaited<ReturnType<typeof setUpApp>> | undefined;
  const drained = async () => {
    const left = await drain(db, app!.appId);
    if (left) notes.push(`${left} callbacks still pending after the drain wait`);
  };
  const rep: Omit<Report, "startedAt" | "loadBefore" | "loadAfter" | "notes"> = {
    durationS, rounds, prismWarmupS, sideBySide: [], overload: [], latency: [], punctuality: undefined, console: [], consoleRows: { logRows, deliveryRows },
    databases: [],
  };
  try {
    // 1. Side by side with Prism, scripted delays off (X-Svc-Time-Scale: 0), A B A B.
    await withServer(() => startPortal({ mount: "sandbox", port: 3501, databaseUrl, profile }), async (s) => {
      app = await setUpApp(databaseUrl, s.origin, 1_000_000);
      const ours = targets("/sandbox", app.token, `${receiver.url}/load`, false);
      const prism = await startPrism({ port: 3502, portalOrigin: s.origin });
      try {
        const anchor = targets("", app.token, `${receiver.url}/load`, false);
        console.log(`[bench] warming Prism up for ${prismWarmupS} s (its JIT needs ~30 s of load)…`);
        for (let i = 0; i < Math.ceil(prismWarmupS / 5); i++) await load(prism.origin, i % 2 ? anchor.status : anchor.pushHere, 16, { durationS: 5 });
        for (const t of [ours.pushHere, ours.status]) await load(s.origin, t, 16, { durationS: 3 });
        await drained();
        for (let round = 1; round <= rounds; round++) {
          for (const [a, b] of [[ours.pushHere, anchor.pushHere], [ours.status, anchor.status]] as const) {
            const A = await run(s, a, 16, { durationS });
            const B = await run(prism, b, 16, { durationS });
            rep.sideBySide.push({ route: a.route, round, ours: A, prism: B });
          }
        }
      } finally {
        await prism.stop();
      }
      await drained();
      for (const c of [100, 1000]) {
        for (const t of [ours.pushHere, ours.status]) {
          rep.overload.push(await run(s, t, c, { durationS }));
          await drained(); // a push run's callbacks are out before the next run starts
        }
      }
    }, notes);
    // 2. Scripted delays on: the gateway's added latency, and callback punctuality.
    await withServer(() => startPortal({ mount: "sandbox (delays on)", port: 3503, databaseUrl, profile: false }), async (s) => {
      const t = targets("/sandbox", app!.token, `${receiver.url}/load`, true);
      for (const x of [t.pushHere, t.status]) await load(s.origin, x, 16, { amount: 500 });
      await drained();
      for (const x of [t.pushHere, t.status]) rep.latency.push(await run(s, x, 16, { durationS }));
      await drained();
      rep.punctuality = await punctuality(db, s.origin, t.push, { count: 1000, connections: 16, callbackDelayMs: paid.callbackDelayMs ?? 0 });
      console.log(`[bench] callback punctuality ${JSON.stringify(rep.punctuality)}`);
    }, notes);
    // 3. One instance on SQLite, one on PostgreSQL, two on PostgreSQL (scripted delays off, 16 connections per instance).
    await databases(rep.databases, notes);
    // 4. The console at a million rows.
    if (logRows > 0) {
      const email = `bench-${runTag}@example.com`;
      cliOn(databaseUrl, "http://127.0.0.1:3504", "user", "create", "--email", email, "--password", "bench password 1");
      const { appId } = cliOn(databaseUrl, "http://127.0.0.1:3504", "app", "create", "--owner", email, "--name", "Big");
      console.log(`[bench] seeding ${logRows} request-log rows and ${deliveryRows} deliveries…`);
      const { requestId, deliveryId } = seed(dbFile, appId, logRows, deliveryRows);
      const env = { REQUEST_LOG_LIMIT: String(logRows * 2), DELIVERY_LIMIT: String(deliveryRows * 2) };
      await withServer(() => startPortal({ mount: "console", port: 3504, databaseUrl, env, profile: false }), async (s) => {
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
    await receiver.close();
  }
  const markdown = render({ ...rep, startedAt, loadBefore, loadAfter: os.loadavg(), notes });
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "latest.md"), markdown);
  fs.writeFileSync(path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.md`), markdown);
  console.log(`\n${markdown}\n[bench] written to bench/results/latest.md (${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s)`);
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
