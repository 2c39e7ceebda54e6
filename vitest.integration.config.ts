import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests: real HTTP against the production server (started by
// tests/helpers/global-setup.ts on its own database), real callbacks received
// by real local HTTP servers.
// TEST_DB_FILE chooses the database file (so two runs can coexist).
const db = path.resolve(process.env.TEST_DB_FILE ?? path.join(import.meta.dirname, "data", "test-integration.db"));
process.env.TEST_DB_FILE = db; // read by the global setup, which runs in this process

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    env: { DATABASE_URL: `file:${db}`, TEST_DB_FILE: db },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One server, one SQLite file: files run one after another; tests inside a file may run concurrently.
    fileParallelism: false,
  },
});
