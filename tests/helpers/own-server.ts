// A server of a test's own on a database of its own (durability, bound and
// multi-instance tests), set up through the operator command line against that
// database (./operator.ts). The database is a fresh copy of the run's migrated
// template (./databases.ts): a SQLite file, or a PostgreSQL database when the
// suite runs on PostgreSQL. `startServer` here makes the portal in this test
// process (./portal.ts); a test of the process itself (kill -9, SIGTERM, its
// CPU, its output) starts one with ./server.ts `startServer` instead.
import path from "node:path";
import { realClock } from "@/lib/clock";
import { clientFor } from "@/lib/db/prisma";
import { freshDb } from "./databases";
import { type InProcessPortal, startPortal } from "./portal";
import type { RunningServer } from "./server";
import { holdAtNextWindow } from "./window";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A fresh database for `name` (lower-case letters, digits and _); `empty`: not migrated (a test that builds its schema itself). */
export async function ownDb(name: string, opts: { empty?: boolean } = {}): Promise<{ url: string }> {
  const { url } = await freshDb(name, { ...opts, file: path.join(root, "data", `test-${name}.db`) });
  return { url };
}

/**
 * A portal in this process, as ./server.ts `startServer` would start a server
 * process with the same options: `databaseUrl` or `dbFile`, settings `env` over
 * this process's environment, `testClock` (a `ManualClock` moved by `advanceClock`).
 * `stop` closes it (the drain without its grace); it cannot be killed.
 */
export async function startServer(opts: { dbFile?: string; databaseUrl?: string; env?: Record<string, string>; testClock?: boolean }): Promise<RunningServer> {
  const databaseUrl = opts.databaseUrl ?? (opts.dbFile ? `file:${opts.dbFile}` : undefined);
  if (!databaseUrl) throw new Error("startServer needs databaseUrl or dbFile");
  const p = await startPortal({ env: { ...opts.env, DATABASE_URL: databaseUrl }, clock: opts.testClock ? undefined : realClock });
  return {
    origin: p.origin,
    port: Number(new URL(p.origin).port),
    stop: () => p.close(),
    kill9: () => Promise.reject(new Error("a portal in this process cannot be killed: start a server process (./server.ts startServer)")),
    log: p.log,
  };
}

export { clientFor };

/**
 * A portal of its own on a database of its own (`name`), its test clock held at the start of the next window of
 * `windowMs`: the counts a test makes in a throttle's windows fall in one however slow the machine, where the file's
 * portal runs on the real clock and a window could end between them. Nothing of the file's is on its database
 * (./operator.ts setUpApp makes an app there). `close` it after.
 */
export async function heldPortal(name: string, windowMs = 60_000): Promise<{ portal: InProcessPortal; url: string }> {
  const { url } = await ownDb(name);
  const portal = await startPortal({ env: { DATABASE_URL: url } });
  holdAtNextWindow(portal.clock, windowMs);
  return { portal, url };
}
