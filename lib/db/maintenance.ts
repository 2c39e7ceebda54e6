// Periodic housekeeping of one server process: the database file gives back
// the pages that pruned rows freed (incremental auto-vacuum, lib/db/files.ts).
import { reclaimSpace } from "./files";
import { retryBusy, sqlite } from "./sqlite";

const EVERY_MS = 5 * 60_000;
const g = globalThis as unknown as { __svcMaintenance?: NodeJS.Timeout };

export function startMaintenance(): void {
  if (g.__svcMaintenance) return;
  g.__svcMaintenance = setInterval(() => {
    retryBusy(() => reclaimSpace(sqlite())).catch((e) => console.error("[maintenance] reclaiming space failed", e));
  }, EVERY_MS);
  g.__svcMaintenance.unref();
}
