// What `npm run bench` runs, for how long and against what (README "Performance").
//   BENCH_QUICK=1          short rounds for development (durations, rounds, warm-ups, rows cut down)
//   BENCH_DURATION=s       per load run (default 5; quick 2)
//   BENCH_ROUNDS=n         alternating rounds (default 3; quick 1)
//   BENCH_WARMUP=s         load before measuring, for each anchor with a JIT (Prism, WireMock; default 20; quick 6)
//   BENCH_ANCHORS_DIR      the fixed anchors (default ../shared/bench beside the repository; skipped when absent)
//   BENCH_WIREMOCK_JAR     WireMock's standalone jar (default: the one the `wiremock` dev dependency ships)
//   BENCH_PG_URL           a PostgreSQL server whose role may create databases (default: the bench's own cluster,
//                          else TEST_PG_URL or the local `sandbox` role; bench/pg-cluster.ts)
//   BENCH_PG_CLUSTER=0     no own cluster (then no per-statement table unless BENCH_PG_URL preloads pg_stat_statements)
//   BENCH_PG_BIN           PostgreSQL's binaries for the own cluster (default /usr/lib/postgresql/15/bin)
//   BENCH_PG_OPTIONS       more settings for the own cluster ("-c name=value …"); its log kept in bench/results/pg-server.log
//   BENCH_ONLY=databases   only the database phases (SQLite and PostgreSQL, statements, two instances, round trips)
//   BENCH_LOG_ROWS / BENCH_DELIVERY_ROWS   the console phase's rows (default 1,000,000 / 100,000; 0 skips it)
//   BENCH_PROFILE=1        CPU profile of the portal in the side-by-side phase
//   NEXT_DIST_DIR          build folder (default .next-bench; built when missing or older than the sources)
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const quick = process.env.BENCH_QUICK === "1";
const num = (name: string, full: number, short: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? (quick ? short : full) : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, got "${raw}"`);
  return n;
};

const only = (raw: string | undefined) => {
  if (raw === undefined || raw === "") return false;
  if (raw === "databases") return true;
  throw new Error(`BENCH_ONLY takes "databases", got "${raw}"`);
};

const wiremockVersion = "3.13.2";

export const settings = {
  quick,
  durationS: num("BENCH_DURATION", 5, 2),
  rounds: Math.max(1, num("BENCH_ROUNDS", 3, 1)),
  warmupS: num("BENCH_WARMUP", 20, 6),
  /** Our own warm-up per route, and the bare server's. */
  oursWarmupS: quick ? 1 : 3,
  connections: 16,
  overloadConnections: quick ? [100] : [100, 1000],
  punctualityCalls: quick ? 200 : 1000,
  logRows: num("BENCH_LOG_ROWS", 1_000_000, 20_000),
  deliveryRows: num("BENCH_DELIVERY_ROWS", 100_000, 2_000),
  profile: process.env.BENCH_PROFILE === "1",
  anchorsDir: path.resolve(root, process.env.BENCH_ANCHORS_DIR || "../shared/bench"),
  wiremockVersion,
  wiremockJar: process.env.BENCH_WIREMOCK_JAR || path.join(root, "node_modules", "wiremock", "build", `wiremock-standalone-${wiremockVersion}.jar`),
  pgCluster: process.env.BENCH_PG_CLUSTER !== "0",
  pgBin: process.env.BENCH_PG_BIN || "/usr/lib/postgresql/15/bin",
  pgOptions: process.env.BENCH_PG_OPTIONS || "",
  /** Only the database phases (while working on them: the full bench is long). */
  onlyDatabases: only(process.env.BENCH_ONLY),
  pgUrl: process.env.BENCH_PG_URL || process.env.TEST_PG_URL || "postgresql://sandbox:sandbox@127.0.0.1:5432/postgres",
  /** Seconds to wait for a run's callbacks after its load ends before counting the rest as lost. */
  callbackWaitS: 30,
};

/** Why the fixed anchors cannot run, or undefined when their folder is there. */
export function anchorsMissing(): string | undefined {
  const doc = path.join(settings.anchorsDir, "prism-collect-fixed.yaml");
  if (!fs.existsSync(doc)) return `fixed anchors skipped: no ${doc} (set BENCH_ANCHORS_DIR to the folder of the fixed anchors)`;
  return undefined;
}
