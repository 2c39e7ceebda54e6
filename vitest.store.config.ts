import path from "node:path";
import { defineConfig } from "vitest/config";

// Store conformance: the hot paths' stores (lib/gateway/store, lib/callbacks/store)
// through the same tests on SQLite and, when TEST_PG_URL names a server, on
// PostgreSQL: no build, no server. Each test file makes fresh databases of its
// own (tests/store/databases.ts): files sandbox-store-<run>-*.db in the run's temporary folder
// (tests/helpers/run-tmp.ts, removed with it) and PostgreSQL databases sandbox_store_<run>_*, dropped
// after (global-setup.ts).
const runId = String(process.pid);
// Read by the global setup, which runs in this process.
Object.assign(process.env, { TEST_RUN_ID: runId });

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/store/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/run-tmp.ts", "tests/store/global-setup.ts"],
    setupFiles: ["tests/helpers/fresh-runtime.ts"],
    // lib/config.ts's database (DATABASE_URL) is not the stores' under test: the global set-up names a file in
    // the run's temporary folder, which the workers inherit.
    env: { TEST_RUN_ID: runId },
    // A worker runs one file after another in one process (80 CPU-s isolated, 47 shared); each file makes its own
    // databases and stores, ends the default runtime it used (tests/helpers/fresh-runtime.ts), and the suite passes
    // in any order (`--sequence.shuffle`).
    isolate: false,
    // Deadlines, not expectations, as in the other suites: generous, so a slow or loaded machine fails a test only for what it asserts.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
