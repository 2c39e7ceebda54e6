// Starts the portal the way `npm start` does (scripts/start.mjs: our server on
// the production build) in its own process group on a port it binds itself, and
// stops it (gracefully, or with SIGKILL for crash tests). Only the tests of the
// process itself use it (kill -9, SIGTERM, its CPU and output, a refused start,
// several instances): every other test makes its portal in its own process
// (./file-portal.ts, ./own-server.ts).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A port free now, for a tool that cannot bind port 0 and report it (tests/helpers/prism.ts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A running portal: a server process (`ServerProcess`, below) or one made in the test process (./own-server.ts). */
export type RunningServer = { origin: string; port: number; stop(): Promise<void>; kill9(): Promise<void>; log(): string };
export type ServerProcess = RunningServer & { proc: ChildProcess };

export function removeDb(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}

/** The server processes this worker started that have not exited: a file's end ends them (./file-portal.ts), stopped or not. */
const running = new Set<ChildProcess>();

/** Ends (SIGKILL to its process group) every server process this worker started that still runs: one a failed start, a hook's timeout or a test's missing stop left. */
export async function endServerProcesses(): Promise<void> {
  await Promise.all([...running].map((proc) => signalled(proc, "SIGKILL")));
}

/** `sig` to `proc`'s process group; resolves when it has exited. */
async function signalled(proc: ChildProcess, sig: NodeJS.Signals): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  try {
    process.kill(-proc.pid!, sig);
  } catch {
    return; // already gone
  }
  await exited;
}

/**
 * `databaseUrl` (SQLite `file:` or PostgreSQL) or `dbFile` (a SQLite file) chooses the database.
 * `testClock`: the server runs on a clock the test moves on with `advanceClock` (TEST_CLOCK=1: server/main.ts).
 */
export async function startServer(opts: { dbFile?: string; databaseUrl?: string; env?: Record<string, string>; testClock?: boolean }): Promise<ServerProcess> {
  const databaseUrl = opts.databaseUrl ?? (opts.dbFile ? `file:${opts.dbFile}` : undefined);
  if (!databaseUrl) throw new Error("startServer needs databaseUrl or dbFile");
  let output = "";
  // PORT=0: the server binds a port the system picks and reports it (server/main.ts), so no
  // other process can take it between a choice and the bind. HOST=127.0.0.1 makes its
  // default PUBLIC_URL http://127.0.0.1:<port>, the origin the tests call.
  // The suite's fetch opens a connection per call (tests/helpers/fresh-connections.ts):
  // stopping, killing or restarting this server never closes one under a later call.
  const proc = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    detached: true, // own process group: a crash test kills the whole group
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: undefined,
      PORT: "0",
      HOST: "127.0.0.1",
      ...(opts.testClock ? { TEST_CLOCK: "1" } : {}),
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(proc);
  proc.once("exit", () => running.delete(proc));
  const listening = new Promise<number>((resolve, reject) => {
    const seen = (c: Buffer) => {
      output += c;
      const m = /\[server\] portal on \S+ \(listening on [^)]*:(\d+)[,)]/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    proc.stdout!.on("data", seen);
    proc.stderr!.on("data", (c) => (output += c));
    proc.once("exit", () => reject(new Error(`server exited early:\n${output}`)));
  });
  // A generous deadline (on a loaded machine a start loads Next and migrates; the client packages are compiled
  // once a run, CLIENT_PACKAGES_DIR); a start that fails or misses it ends the process, which would otherwise go
  // on running, without its test, beside every later file (as a file's end does with those left: endServerProcesses).
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    listening,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`server did not report its port in 120 s:\n${output}`)), 120_000);
    }),
  ])
    .catch(async (e: unknown) => {
      await signalled(proc, "SIGKILL");
      throw e;
    })
    .finally(() => clearTimeout(timer));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    proc,
    stop: () => signalled(proc, "SIGTERM"),
    kill9: () => signalled(proc, "SIGKILL"),
    log: () => output,
  };
}

/**
 * Moves the clock of a server started with `testClock` on to `at` (ms since the
 * epoch; never back) through server/clock-control.ts; answers the server's time
 * then. Its timers due by then (the dispatcher, the sandbox sweeper) run at once.
 * `hold`: true leaves the clock standing there (only moves change it; server/clock-control.ts), false lets it run again.
 */
export async function advanceClock(origin: string, at: number, opts: { hold?: boolean } = {}): Promise<number> {
  const hold = opts.hold === undefined ? "" : `&hold=${opts.hold ? 1 : 0}`;
  const move = async (ms: number, then = "") => {
    const r = await fetch(`${origin}/__clock/advance?ms=${ms}${then}`, { method: "POST" });
    if (r.status !== 200) throw new Error(`moving the server's clock: ${r.status} ${await r.text()}`);
    return Date.parse(((await r.json()) as { now: string }).now);
  };
  const now = await move(0);
  return at > now || hold ? move(Math.max(0, Math.ceil(at - now)), hold) : now;
}
