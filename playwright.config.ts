import { defineConfig } from "@playwright/test";

// End-to-end tests in Debian's Chromium (its headless shell) against the portal started as `npm start`
// starts it (scripts/start.mjs on the production build), on a database of their
// own. Each test creates its own user and data.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://127.0.0.1:${PORT}`;
// E2E_DB: the database file, so several suites can run side by side.
const DB = process.env.E2E_DB ?? "data/test-e2e.db";
// Passwords hashed at scrypt's lowest cost here (lib/config.ts PASSWORD_HASH_COST): by the portal and by
// the operator command line the specs run (e2e/helpers/console.ts), which reads this process's environment.
const HASH_COST = (process.env.PASSWORD_HASH_COST ??= "10");

export default defineConfig({
  testDir: "e2e",
  // The run's temporary files in a folder of its own, removed at the end (tests/helpers/run-tmp.ts).
  globalSetup: "./tests/helpers/run-tmp.ts",
  outputDir: "test-results",
  // The walkthrough tests take 30–40 s on a quiet machine; a busy CI machine doubles that.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // No retry: a test that fails once fails the run, and is fixed at its cause.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: origin,
    // No trace: recording one (a DOM snapshot at every step) was a fifth of the suite's CPU, kept only
    // for the rare failure. A failure keeps its screenshot and error context; to record traces,
    // `npx playwright test --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    // As a reader who asked for less motion (the console's pulses and spinners are motion-safe: only
    // then do they move): a page that sits open with a "Live" badge otherwise draws frames all the time.
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts$/ },
    { name: "ui", testMatch: /.*\.ui\.spec\.ts$/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // Its stdout into `${DB}.log` (exec: the server is still the process Playwright stops): mails written
    // there without SMTP_URL hold the links a spec follows (e2e/helpers/console.ts `mailedLink`).
    command: `mkdir -p $(dirname ${DB}) && rm -f ${DB} ${DB}-wal ${DB}-shm ${DB}.log && exec node scripts/start.mjs > ${DB}.log`,
    url: `${origin}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:./${DB}`,
      PUBLIC_URL: origin,
      NEXT_TELEMETRY_DISABLED: "1",
      // Every test posts to inspectors from this one client address (127.0.0.1), two
      // workers at once: the per-address minute (60 by default) would refuse the later
      // ones. That limit is tested where it is the subject (tests/integration/limits-*).
      INSPECT_PER_ADDRESS_PER_MINUTE: "100000",
      PASSWORD_HASH_COST: HASH_COST,
      // Likewise every spec's callbacks go to receivers on 127.0.0.1, one destination host.
      CALLBACKS_PER_HOST_PER_MINUTE: "100000",
    },
  },
});
