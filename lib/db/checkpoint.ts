// WAL checkpoints off the event loop. A checkpoint copies the WAL back into the
// database file and syncs it: milliseconds of disk work that SQLite's automatic
// checkpoint runs inside whichever commit crosses 1,000 pages, on the main
// thread, stalling every call in flight (it was the p99 of the gateway's
// latency). The server starts a worker thread that runs a PASSIVE checkpoint
// (it never blocks writers) twice a second, and only then turns the hot-path
// connection's automatic checkpoint off.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { sqlitePath } from "@/lib/config";
import { config, part, runtime } from "@/lib/runtime";
import { sqlite } from "./sqlite";
import { log } from "@/lib/log";

const WORKER = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch { /* busy: the next round catches up */ }
}, workerData.everyMs);
`;

const CHECKPOINTER = part<Worker>("checkpointer");

export function startCheckpointer(everyMs = 500): void {
  const rt = runtime();
  if (rt.get(CHECKPOINTER)) return;
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const w = new Worker(WORKER, { eval: true, workerData: { file: sqlitePath(config.databaseUrl), everyMs, driver } });
  w.unref();
  w.on("error", (e) => {
    log().error({ err: e }, "[sqlite] checkpoint worker failed; automatic checkpoints again");
    sqlite().pragma("wal_autocheckpoint = 1000");
  });
  rt.set(CHECKPOINTER, w);
  rt.onStop(async () => {
    rt.set(CHECKPOINTER, undefined);
    await w.terminate();
  });
  sqlite().pragma("wal_autocheckpoint = 0");
}
