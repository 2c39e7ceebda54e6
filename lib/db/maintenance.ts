// Periodic housekeeping of one server process: the database file gives back
// the pages that pruned rows freed (incremental auto-vacuum, lib/db/files.ts).
import { reclaimSpace } from "./files";
import { part, runtime } from "@/lib/runtime";
import { retryBusy, sqliteHotPath } from "./sqlite";
import { log } from "@/lib/log";

const EVERY_MS = 5 * 60_000;
const MAINTENANCE = part<NodeJS.Timeout>("maintenance");

export function startMaintenance(): void {
  const rt = runtime();
  if (rt.get(MAINTENANCE)) return;
  const timer = setInterval(() => {
    // In the file's turn (./turns.ts), as every write of this process: between a transaction's read and its write it would make that write fail.
    const hot = sqliteHotPath();
    hot.turns
      .run(() => retryBusy(() => reclaimSpace(hot.conn)))
      .catch((e) => log().error({ err: e }, "[maintenance] reclaiming space failed"));
  }, EVERY_MS);
  timer.unref();
  rt.set(MAINTENANCE, timer);
  rt.onStop(() => {
    clearInterval(timer);
    rt.set(MAINTENANCE, undefined);
  });
}
