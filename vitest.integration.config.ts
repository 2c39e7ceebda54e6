import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests: real HTTP against the production build, real callbacks
// received by real local HTTP servers. Each file makes its own portal on a
// database of its own (tests/helpers/file-portal.ts), a copy of the run's
// migrated template (tests/helpers/global-setup.ts).
// SQLite by default: TEST_DB_FILE names the run's files (<stem>-*.db, so two runs can coexist).
// PostgreSQL when TEST_PG_URL names a server (tests/helpers/test-db.ts): the run's
// databases are sandbox_test_<pid>_*, dropped after.
const runId = String(process.pid);
const db = path.resolve(process.env.TEST_DB_FILE ?? path.join(import.meta.dirname, "data", "test-integration.db"));
let databaseUrl = `file:${db}`;
if (process.env.TEST_PG_URL) {
  const u = new URL(process.env.TEST_PG_URL);
  u.pathname = `/sandbox_test_${runId}`;
  databaseUrl = u.toString();
}
// Read by the global setup, which runs in this process.
const runFiles = db.replace(/\.db$/, "");
Object.assign(process.env, { TEST_DB_FILE: db, TEST_RUN_FILES: runFiles, TEST_DATABASE_URL: databaseUrl, TEST_RUN_ID: runId });

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/run-tmp.ts", "tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/fresh-connections.ts", "tests/helpers/file-setup.ts"],
    // PASSWORD_HASH_COST 10 (scrypt's N 1,024, not 16,384): a run makes and checks about 1,200 passwords, half a
    // minute of CPU at the default; the queue's test (limits-server) and the hash's own (unit) run at 14.
    // CLIENT_PACKAGES_DIR: the client packages compiled once a run (tsc and javac, ~6 CPU-s), not once per portal on a data
    // folder of its own (several instances, sweeps, caps: about 20 a run); client-packages tests the compile with its own.
    env: { CLIENT_PACKAGES_DIR: path.join(import.meta.dirname, "data", "client-packages"), DATABASE_URL: databaseUrl, TEST_DB_FILE: db, TEST_RUN_FILES: runFiles, TEST_DATABASE_URL: databaseUrl, TEST_RUN_ID: runId, PASSWORD_HASH_COST: "10" },
    // Deadlines, not expectations: generous, so that a slow or loaded machine (a burst of 100 requests through two
    // portals took over a minute on one with half the usual CPU) fails a test only for what it asserts.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Files side by side in worker processes (vitest's forks pool), each file with its own
    // portal and database: a worker is a test client and a server at once, so one per core
    // keeps both cores busy. Tests inside a file may run concurrently too.
    // Every test holds under this load: a test that needs the machine to itself is a defect.
    fileParallelism: true,
    pool: "forks",
    maxWorkers: 2,
    // A worker runs one file after another in one process: Node, Next's build, Prisma and lib
    // load once per worker, not once per file (most of a light file's cost). What a file
    // leaves (its portal, the default runtime, the operator processes) is ended when it ends
    // (tests/helpers/file-portal.ts); its database and portal are its own either way.
    isolate: false,
  },
});
