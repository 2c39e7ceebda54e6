// Each integration test file's own portal, made in-process on a database of
// its own (a setup file of vitest.integration.config.ts): no server is shared
// between files, and none is spawned. A worker process runs one file after
// another (the config's `isolate: false`: Next's build, Prisma and lib are
// loaded once per worker, not once per file), so each file starts clean: what
// the last file left (its portal, the default runtime, the operator processes
// it started) is ended when it ends. Before the file loads, its database is
// made (./databases.ts: a copy of the run's migrated template) and named in
// this process's environment (DATABASE_URL, TEST_DATABASE_URL, TEST_DB_FILE on
// SQLite), so the fixtures the test runs in this process (./apps.ts newApp:
// lib's services on the default runtime, made anew for the file) and the
// operator command line it runs (./operator.ts, `cli`: in this process, ./operator-answers.ts) use the portal's
// database. The portal itself (./portal.ts `startPortal`, on the real clock)
// starts before the file's tests. Its per-address and per-host limits are
// lifted as the shared server's were (every test calls from 127.0.0.1 and
// posts to receivers on 127.0.0.1): the limits are tested on portals of their
// own (rate-limit, limits-server, limits-budgets). Its error lines are printed
// when the file ends, so a failure whose cause is on the portal's side can be
// read in a CI log.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { realClock } from "@/lib/clock";
import { closeDatabases } from "@/lib/db/hot-path";
import { endDefaultRuntime } from "@/lib/runtime";
import { freshDb } from "./databases";
import { answerInProcess, endLineSessions } from "./operator";
import { answerCommands, endCommandLines, inProcessSession } from "./operator-answers";
import { type InProcessPortal, startPortal } from "./portal";
import { endServerProcesses } from "./server";

const LIFTED = {
  TOKEN_FAILURES_PER_ADDRESS: "100000", SIGNIN_FAILURES_PER_ADDRESS: "100000", INSPECT_PER_ADDRESS_PER_MINUTE: "100000",
  RECEIVER_CHECKS_PER_HOST_AT_ONCE: "100000", RECEIVER_CHECKS_PER_HOST_PER_MINUTE: "100000", CALLBACKS_PER_HOST_PER_MINUTE: "100000",
};

const state: { portal?: InProcessPortal<typeof realClock> } = {};

// A portal logging JSON (a hosted one: bind, public-origin) takes the process's console over
// (lib/log.ts installLogger) for as long as the process lives; the next file gets the console back.
const CONSOLE = { log: console.log, info: console.info, debug: console.debug, warn: console.warn, error: console.error };

/**
 * Whether the test file calls its portal: it imports ./apps.ts (`origin()`, `base()`, `newApp`),
 * itself or through another helper. Read from the import lines, since a worker loads each module
 * once (a mark made as apps.ts loads would be made for the first file only). A file that calls
 * `origin()` without it fails at once ("not started"), never quietly.
 */
function usesFilePortal(testFile: string): boolean {
  const seen = new Set<string>();
  const visit = (file: string): boolean => {
    if (seen.has(file) || !fs.existsSync(file)) return false;
    seen.add(file);
    if (path.resolve(file) === path.resolve(import.meta.dirname, "apps.ts")) return true;
    const relative = [...fs.readFileSync(file, "utf8").matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
    return relative.some((r) => visit(r.endsWith(".ts") ? r : `${r}.ts`));
  };
  return visit(testFile);
}

// The operator command line's set-ups (./operator.ts `cliBatch`) in this process, each session in a
// runtime of its own on the database and origin it names (./apps.ts `cli` likewise).
answerInProcess("tests/helpers/operator-server.ts", (env) => inProcessSession((r) => answerCommands(r.commands), env));

/** This file's portal's origin (http://127.0.0.1:<port>). */
export function fileOrigin(): string {
  if (!state.portal) throw new Error("this file's portal is not started: origin() is for tests and hooks, not for a module's top level");
  return state.portal.origin;
}

/** Makes this file's database and names it in the environment; registers the portal's start and close. */
export async function setUpFile(): Promise<void> {
  const testPath = expect.getState().testPath ?? "file";
  const name = path.basename(testPath).replace(/\.test\.ts$/, "").replace(/[^a-z0-9]+/gi, "_").toLowerCase();
  await endFile(); // what the last file left, should its own end not have run (a hook's timeout)
  const db = await freshDb(`f_${name}`);
  Object.assign(process.env, { DATABASE_URL: db.url, TEST_DATABASE_URL: db.url }, db.file ? { TEST_DB_FILE: db.file } : {});
  const wanted = usesFilePortal(testPath);
  beforeAll(async () => {
    if (wanted) state.portal = await startPortal({ env: { ...LIFTED, DATABASE_URL: db.url }, clock: realClock });
  });
  afterAll(async () => {
    const p = await endFile();
    if (!p) return;
    // A request's or a callback attempt's line (lib/log.ts) is not an error, whatever its path or outcome says.
    const errors = p.log().split("\n").filter((l) => /error|fail/i.test(l) && !/^(request|\[callbacks\] attempt) /.test(l));
    if (errors.length) console.error(`${name}'s portal: ${errors.length} error lines, the last 40:\n${errors.slice(-40).join("\n")}`);
  });
}

/** Ends what a file started in this worker: its portal, its operator sessions, the default runtime and its database handles; gives the console back. Returns the portal, closed. */
async function endFile(): Promise<InProcessPortal<typeof realClock> | undefined> {
  const p = state.portal;
  state.portal = undefined;
  await p?.close();
  await endLineSessions();
  await endCommandLines();
  await endServerProcesses();
  await closeDatabases();
  await endDefaultRuntime();
  Object.assign(console, CONSOLE);
  return p;
}
