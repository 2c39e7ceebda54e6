import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests: real HTTP against the production server (started by
// tests/helpers/global-setup.ts on its own database), real callbacks received
// by real local HTTP servers.
const db = path.resolve(import.meta.dirname, "data", "test-integration.db");

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
