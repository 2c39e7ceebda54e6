// The PostgreSQL server the database phases run on, chosen so that
// `pg_stat_statements` can be read (bench/pg-statements.ts):
//   1. BENCH_PG_URL set: that server, with the table when it preloads
//      pg_stat_statements (a note says so when it does not);
//   2. else the bench's own cluster: initdb into a temporary folder with the
//      server's binaries (BENCH_PG_BIN, default Debian's
//      /usr/lib/postgresql/15/bin; as the `postgres` user when the bench runs
//      as root), started on a free port with pg_stat_statements preloaded
//      (track=all, planning tracked, track_io_timing on), every other setting
//      initdb's default (those of the shared server on this machine), stopped
//      and removed at the end. BENCH_PG_CLUSTER=0 skips it; BENCH_PG_OPTIONS
//      adds settings (`-c name=value …`, e.g. auto_explain's), and then its
//      server log is kept as bench/results/pg-server.log;
//   3. else the default server (TEST_PG_URL or the local `sandbox` role)
//      without the per-statement table: a note says why. Never fails the bench.
// The shared server on 5432 is other people's: its configuration is never
// changed and it is never restarted.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../tests/helpers/server";
import { BENCH_APP_NAME } from "./cpu";
import { root, settings } from "./settings";

export type PgServer = {
  /** A URL on the server's `postgres` database, whose role may create databases. */
  url: string;
  /** Whether pg_stat_statements is preloaded there (the per-statement table can be made). */
  statements: boolean;
  /** What it is, for the report. */
  about: string;
  stop(): Promise<void>;
};

export const STATEMENTS_SETTINGS = [
  "shared_preload_libraries=pg_stat_statements",
  "pg_stat_statements.track=all",
  "pg_stat_statements.track_planning=on",
  "pg_stat_statements.max=10000",
  "track_io_timing=on",
];

async function preloads(url: string): Promise<boolean | undefined> {
  const c = new pg.Client({ connectionString: url, application_name: BENCH_APP_NAME });
  try {
    await c.connect();
    const { rows } = await c.query<{ v: string }>("SELECT current_setting('shared_preload_libraries') AS v");
    return rows[0]!.v.split(",").map((s) => s.trim()).includes("pg_stat_statements");
  } catch {
    return undefined; // no server there
  } finally {
    await c.end().catch(() => {});
  }
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb and postgres refuse root). */
function runPg(bin: string, args: string[]): string {
  const exe = path.join(settings.pgBin, bin);
  const [cmd, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
  return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

async function ownCluster(notes: string[]): Promise<PgServer | undefined> {
  if (!fs.existsSync(path.join(settings.pgBin, "initdb"))) {
    notes.push(`no bench cluster: no initdb in ${settings.pgBin} (BENCH_PG_BIN)`);
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pg-"));
  const data = path.join(dir, "data");
  try {
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres:", dir]);
    runPg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
    const port = await freePort();
    const opts = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`, ...STATEMENTS_SETTINGS.map((s) => `-c ${s}`), settings.pgOptions].join(" ");
    runPg("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", opts, "-w", "-t", "60", "start"]);
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      try {
        runPg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {}
      if (settings.pgOptions) fs.copyFileSync(path.join(dir, "log"), path.join(root, "bench", "results", "pg-server.log"));
      fs.rmSync(dir, { recursive: true, force: true });
    };
    process.on("exit", stop); // an interrupted bench leaves no server behind
    return {
      url, statements: true, about: `the bench's own PostgreSQL (${settings.pgBin}, port ${port}, initdb defaults + pg_stat_statements)`,
      async stop() {
        stop();
        process.off("exit", stop);
      },
    };
  } catch (e) {
    const err = e as Error & { stderr?: string };
    notes.push(`no bench cluster: ${(err.stderr || err.message).trim().split("\n").slice(-2).join(" ")}`);
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

export async function openPgServer(notes: string[]): Promise<PgServer> {
  const none = async () => {};
  if (process.env.BENCH_PG_URL) {
    const statements = (await preloads(settings.pgUrl)) === true;
    if (!statements) notes.push("per-statement table skipped: the server at BENCH_PG_URL does not preload pg_stat_statements (or does not answer)");
    return { url: settings.pgUrl, statements, about: `BENCH_PG_URL${statements ? " (pg_stat_statements preloaded)" : ""}`, stop: none };
  }
  if (settings.pgCluster) {
    const own = await ownCluster(notes);
    if (own) return own;
  }
  notes.push("per-statement table skipped: no bench cluster, and the default server is not asked to preload pg_stat_statements");
  return { url: settings.pgUrl, statements: false, about: "the default server (TEST_PG_URL or the local `sandbox` role)", stop: none };
}
