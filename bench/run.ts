// `npm run bench`: the bare route vs the full gateway pipeline, on `next start`
// and on bare node:http, plus callback punctuality. See README "Performance".
//   BENCH_DURATION=s (per run, default 6)   BENCH_PROFILE=1 (CPU profiles of the servers)
//   NEXT_DIST_DIR (build folder, default .next-bench; built when missing)
//   BENCH_SQLITE_SYNCHRONOUS=NORMAL (experiment: the servers' SQLite without a per-commit fsync)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { operationById } from "@/lib/catalog";
import { startReceiver } from "../tests/helpers/receiver";
import { removeDb } from "../tests/helpers/server";
import { drain, punctuality } from "./callbacks";
import { load, type Target } from "./load";
import { summarize } from "./profile-summary";
import { render, type Report, type Row } from "./report";
import { ensureBuild, largestProfile, root, startNext, startNodeHttp, type Server } from "./servers";
import { setUpApp } from "../tests/helpers/operator";

const distDir = (process.env.NEXT_DIST_DIR ||= ".next-bench");
process.env.NEXT_TELEMETRY_DISABLED = "1";
const durationS = Number(process.env.BENCH_DURATION ?? 6);
const profile = process.env.BENCH_PROFILE === "1";
const dbFile = path.join(root, "data", "bench.db");
const databaseUrl = (process.env.DATABASE_URL = `file:${dbFile}`); // before lib/db/client loads
const CONNS = [1, 16, 100];
const THROUGHPUT_CONNS = [16, 100];
const PUNCTUALITY = { count: 1000, connections: 16 };
const NO_DELAY = { SANDBOX_NO_SCRIPTED_DELAY: "1" };

function scenario(opId: string, key: string) {
  const s = operationById(opId)?.scenarios.find((x) => x.key === key);
  if (!s) throw new Error(`no scenario ${opId}/${key} in the catalog`);
  return s;
}
const completed = scenario("collect.status", "completed");
const paid = scenario("collect.push", "paid");

let seq = 0;
const runTag = Date.now().toString(36);
function targets(token: string, callbackUrl: string, delayed: boolean) {
  const auth = { authorization: `Bearer ${token}` };
  const bare: Target = { route: "bare route /healthz", method: "GET", path: "/healthz", headers: {}, status: 200, delayMs: 0 };
  const get: Target = {
    route: "GET /collect/v1/push/chk_x (completed)", method: "GET", path: "/sandbox/collect/v1/push/chk_x",
    headers: { ...auth, "x-svc-scenario": "completed" }, status: completed.status, delayMs: delayed ? completed.delayMs : 0,
  };
  const push = (url: string): Target => ({
    route: "POST /collect/v1/push (paid)", method: "POST", path: "/sandbox/collect/v1/push",
    headers: { ...auth, "content-type": "application/json" }, status: paid.status, delayMs: delayed ? paid.delayMs : 0,
    body: () => JSON.stringify({
      shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678",
      reference: `B${runTag}${(seq++).toString(36)}`, callbackUrl: url,
    }),
  });
  return { bare, get, push, pushHere: push(callbackUrl) };
}

/** Connection count by connection count, so a route and its bare-route reference run close together in time. */
async function measure(server: Server, list: Target[], conns: number[], afterPush: () => Promise<unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const t of list) await load(server.origin, t, 16, { amount: 200 }); // warm-up: route modules loaded, JIT warm
  await afterPush();
  for (const c of conns) {
    for (const t of list) {
      const r = await load(server.origin, t, c, { durationS, rampMs: 1000 });
      rows.push({ ...r, mount: server.mount, delayMs: t.delayMs });
      console.log(`[bench] ${server.mount.padEnd(10)} ${t.route.padEnd(40)} c=${String(c).padStart(3)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)}  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors} ${r.errors ? JSON.stringify(r.statuses) : ""}`);
      if (t.body) await afterPush(); // the callbacks of this run are out before the next run
    }
  }
  return rows;
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

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  ensureBuild(distDir);
  removeDb(dbFile);
  const notes: string[] = [];
  if (process.env.BENCH_SQLITE_SYNCHRONOUS) {
    notes.push(`EXPERIMENT: servers ran with PRAGMA synchronous = ${process.env.BENCH_SQLITE_SYNCHRONOUS} (bench/sqlite-synchronous.cjs), not the app's settings (NORMAL on the hot-path connection, FULL on Prisma's)`);
  }
  const receiver = await startReceiver(); // callbacks of the pushes in the load runs
  const { db } = await import("@/lib/db/client");
  let app: Awaited<ReturnType<typeof setUpApp>> | undefined;
  const drained = async () => {
    const t0 = Date.now();
    const left = await drain(db, app!.appId);
    console.log(`[bench] callbacks drained in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (left) notes.push(`${left} callbacks still pending after the drain wait`);
  };
  const nextEnv = (label: string, env?: Record<string, string>) => () => startNext({ databaseUrl, port: label === "next" ? 3501 : 3502, env, label, profile });
  const nodeEnv = (label: string, env?: Record<string, string>) => () => startNodeHttp({ databaseUrl, port: label === "node" ? 3503 : 3504, env, label, profile });
  const latency: Row[] = [];
  const throughput: Row[] = [];
  let punct: Report["punctuality"] | undefined;
  try {
    await withServer(nextEnv("next"), async (s) => {
      app = await setUpApp(databaseUrl, s.origin, 1_000_000); // raised through the operator command line
      const t = targets(app.token, `${receiver.url}/load`, true);
      latency.push(...(await measure(s, [t.bare, t.get, t.pushHere], CONNS, drained)));
      punct = await punctuality(db, s.origin, t.push, { ...PUNCTUALITY, callbackDelayMs: paid.callbackDelayMs ?? 0 });
      console.log(`[bench] callback punctuality ${JSON.stringify(punct)}`);
      await drained();
    }, notes);
    await withServer(nextEnv("next-nodelay", NO_DELAY), async (s) => {
      const t = targets(app!.token, `${receiver.url}/load`, false);
      throughput.push(...(await measure(s, [t.bare, t.get, t.pushHere], THROUGHPUT_CONNS, drained)));
    }, notes);
    await withServer(nodeEnv("node"), async (s) => {
      const t = targets(app!.token, `${receiver.url}/load`, true);
      latency.push(...(await measure(s, [t.bare, t.get, t.pushHere], CONNS, drained)));
    }, notes);
    await withServer(nodeEnv("node-nodelay", NO_DELAY), async (s) => {
      const t = targets(app!.token, `${receiver.url}/load`, false);
      throughput.push(...(await measure(s, [t.bare, t.get, t.pushHere], THROUGHPUT_CONNS, drained)));
    }, notes);
  } finally {
    await receiver.close();
  }
  const markdown = render({ startedAt, durationS, loadBefore, loadAfter: os.loadavg(), latency, throughput, punctuality: punct!, notes });
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
