import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests: pure code (catalog, engine, arithmetic), no server.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    globalSetup: ["tests/helpers/run-tmp.ts"],
    setupFiles: ["tests/helpers/fresh-runtime.ts"],
    environment: "node",
    // A worker runs one file after another in one process, as in the integration and store suites: the catalog,
    // zod and lib load once per worker, not once per file (isolated, the suite spent 100 CPU-s, 45 of them loading;
    // shared, 58). No file depends on another's state, nor a test on an earlier one's: the suite passes in any order
    // (`npx vitest run --sequence.shuffle`). Each file ends the default runtime it used (tests/helpers/fresh-runtime.ts);
    // vitest does not reset module mocks between files without isolation (no test here uses vi.mock).
    isolate: false,
    // Some unit tests run a language's compiler (tsc, javac, mypy) or the lint on trees of their own: seconds each,
    // minutes on a slow machine busy with the other suites. Deadlines, not expectations: one for every test and hook,
    // as in the integration and store suites (no test sets a shorter one).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
