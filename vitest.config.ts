import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests: pure code (catalog, engine, arithmetic), no server.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // Some unit tests run a language's compiler (tsc, javac, mypy): seconds each, more when the machine is busy.
    testTimeout: 60_000,
  },
});
