// Deletes ended throwaway sandboxes (sandbox-life.ts) with all their rows, on
// every instance: started by server/portal.ts, every SANDBOX_SWEEP_MS on the
// process's clock (lib/runtime.ts: a test moves it on instead of waiting), and
// at once in the process that ended one (sweepSoon).
//
// Each statement deletes at most SANDBOX_SWEEP_BATCH rows and commits on its
// own, and the sweeper yields to the event loop between statements: no long
// transaction holds a lock the gateway waits for. On PostgreSQL a batch skips
// the rows another instance's batch holds (FOR UPDATE SKIP LOCKED), so two
// instances sweeping the same sandbox share the work; every statement is
// idempotent, and the app row goes last (cascading whatever a call in flight
// wrote meanwhile). Credentials go first.
import { appBatches } from "@/lib/rows";
import { every, type Timer } from "@/lib/clock";
import { config, clock, nowDate, part, runtime } from "@/lib/runtime";
import type { BatchDelete } from "@/lib/db/batch-delete";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";
import { rawStatement } from "@/lib/db/raw";
import { APP_THROTTLES, throttleKey } from "@/lib/throttle";

/** Each batch's statement as Prisma runs it, in the order of lib/rows `APP_TABLES` (the deliveries' from the callbacks store). */
function batchesWith(deliveries: readonly BatchDelete[]) {
  return appBatches(config.dialect, deliveries).map((b) => ({ table: b.table, run: rawStatement(b.statement, db) }));
}
type Batches = ReturnType<typeof batchesWith>;

const yieldToCalls = () => new Promise<void>((r) => setImmediate(r));

/**
 * Deletes one ended sandbox's rows batch by batch, then its row. Returns the
 * rows deleted, and whether the app row was this call's to delete (another
 * instance sweeping the same sandbox at once shares its rows, not its row).
 */
async function purge(batches: Batches, id: string, now: Date): Promise<{ rows: number; deleted: boolean }> {
  let rows = 0;
  const size = config.sandboxSweepBatch;
  for (const b of batches) {
    for (;;) {
      const n = await b.run({ appId: id, batch: size });
      rows += n;
      await yieldToCalls();
      if (n < size) break;
    }
  }
  const keys = Object.values(APP_THROTTLES).map((scope) => throttleKey(scope, id));
  rows += (await db.throttle.deleteMany({ where: { key: { in: keys } } })).count;
  // Only if it has ended: a row is never deleted early, whatever called this.
  const deleted = (await db.app.deleteMany({ where: { id, parentAppId: { not: null }, expiresAt: { lte: now } } })).count === 1;
  return { rows: rows + Number(deleted), deleted };
}

/** Sandboxes looked at per round; a round ends when none is left. */
const PER_ROUND = 20;

/**
 * Deletes every sandbox ended at `now`; answers those whose row this call
 * deleted (each sandbox is answered by one sweep, whichever instance's, which
 * logs it with its id and the rows it deleted) and how many rows went with the
 * sandboxes it looked at.
 */
export async function sweepEndedSandboxes(batches: Batches, now = nowDate()): Promise<{ sandboxes: string[]; rows: number }> {
  const sandboxes: string[] = [];
  let rows = 0;
  const done = new Set<string>();
  for (;;) {
    const ended = await db.app.findMany({
      where: { parentAppId: { not: null }, expiresAt: { lte: now }, id: { notIn: [...done] } },
      orderBy: { expiresAt: "asc" },
      take: PER_ROUND,
      select: { id: true },
    });
    for (const { id } of ended) {
      const purged = await purge(batches, id, now);
      rows += purged.rows;
      if (purged.deleted) {
        sandboxes.push(id);
        log().info({ sandboxId: id, rows: purged.rows }, "[sandboxes] deleted an ended sandbox");
      }
      done.add(id);
    }
    if (ended.length < PER_ROUND) return { sandboxes, rows };
  }
}

type State = { timer: Timer | null; running: boolean; again: boolean; batches: Batches };
const SWEEPER = part<State>("sandboxSweeper");

async function run(st: State): Promise<void> {
  if (st.running) {
    st.again = true;
    return;
  }
  st.running = true;
  try {
    do {
      st.again = false;
      await sweepEndedSandboxes(st.batches); // each sandbox deleted has its line
    } while (st.again);
  } catch (e) {
    // Another instance's sweep or a busy database: the next round takes it up again.
    log().error({ err: e }, "[sandboxes] sweep failed; trying again next round");
  } finally {
    st.running = false;
  }
}

/** Sweeps every SANDBOX_SWEEP_MS in this process (and once now); `deliveries`: the callbacks store's `sweepBatches`. */
export function startSandboxSweeper(deliveries: readonly BatchDelete[]): void {
  const rt = runtime();
  if (rt.get(SWEEPER)) return;
  const st: State = { timer: null, running: false, again: false, batches: batchesWith(deliveries) };
  rt.set(SWEEPER, st);
  rt.onStop(stopSandboxSweeper);
  st.timer = every(clock(), config.sandboxSweepMs, () => void run(st));
  void run(st);
}

/** A sandbox just ended in this process: sweep now rather than at the next round (no-op where the sweeper does not run). */
export function sweepSoon(): void {
  const st = runtime().get(SWEEPER);
  if (st) void run(st);
}

export function stopSandboxSweeper(): void {
  const rt = runtime();
  const st = rt.get(SWEEPER);
  if (!st) return;
  st.timer?.clear();
  rt.set(SWEEPER, undefined);
}
