// Deletes ended throwaway sandboxes (sandbox-life.ts) with all their rows, on
// every instance: started by server/main.ts, every SANDBOX_SWEEP_MS, and at
// once in the process that ended one (sweepSoon).
//
// Each statement deletes at most SANDBOX_SWEEP_BATCH rows and commits on its
// own, and the sweeper yields to the event loop between statements: no long
// transaction holds a lock the gateway waits for. On PostgreSQL a batch skips
// the rows another instance's batch holds (FOR UPDATE SKIP LOCKED), so two
// instances sweeping the same sandbox share the work; every statement is
// idempotent, and the app row goes last (cascading whatever a call in flight
// wrote meanwhile). Credentials go first.
import { config } from "@/lib/config";
import { db } from "@/lib/db/prisma";
import { rawStatement } from "@/lib/db/raw";
import { param, Sql, sql, type Value } from "@/lib/db/sql";
import { APP_THROTTLES, throttleKey } from "@/lib/throttle";

const appId = param("appId");
const batch = param("batch");

/**
 * Per-app tables, in the order they are emptied, with the key a batch picks
 * rows by; `join` finds the app's rows of a table without an appId column.
 */
const TABLES: readonly { table: string; key: string; join?: Sql<{ appId: Value }> }[] = [
  { table: "AccessToken", key: "tokenHash" },
  { table: "KeyPair", key: "id" },
  { table: "DeliveryAttempt", key: "id", join: sql`JOIN "Delivery" d ON d."id" = x."deliveryId" WHERE d."appId" = ${appId}` },
  { table: "Delivery", key: "seq" },
  { table: "Resource", key: "id" },
  { table: "RequestLog", key: "seq" },
  { table: "InboxEntry", key: "seq" },
  { table: "Relay", key: "seq" },
  { table: "Subscription", key: "group" },
  { table: "RateWindow", key: "window" },
  { table: "FloatBalance", key: "currency" },
  { table: "FaultPlanCount", key: "operationId" },
];

/**
 * One batch's statement. The one difference between the dialects: PostgreSQL
 * skips the rows another instance's batch holds (SQLite has one writer).
 */
function batchDelete(t: (typeof TABLES)[number]) {
  const lock = new Sql(config.dialect === "postgresql" ? [" FOR UPDATE OF x SKIP LOCKED"] : []);
  // Subscription, RateWindow, FloatBalance and FaultPlanCount keys are unique per app only: the outer condition names the app too.
  const outer = t.join ? sql`` : sql`"appId" = ${appId} AND `;
  const where = t.join ?? sql`WHERE x."appId" = ${appId}`;
  const [table, key] = [new Sql([`"${t.table}"`]), new Sql([`"${t.key}"`])];
  return rawStatement(sql`DELETE FROM ${table} WHERE ${outer}${key} IN (SELECT x.${key} FROM ${table} x ${where} LIMIT ${batch}${lock})`, db);
}
const BATCH_DELETES = new Map<string, ReturnType<typeof batchDelete>>();

const yieldToCalls = () => new Promise<void>((r) => setImmediate(r));

/**
 * Deletes one ended sandbox's rows batch by batch, then its row. Returns the
 * rows deleted, and whether the app row was this call's to delete (another
 * instance sweeping the same sandbox at once shares its rows, not its row).
 */
async function purge(id: string, now: Date): Promise<{ rows: number; deleted: boolean }> {
  let rows = 0;
  const size = config.sandboxSweepBatch;
  for (const t of TABLES) {
    const statement = BATCH_DELETES.get(t.table) ?? BATCH_DELETES.set(t.table, batchDelete(t)).get(t.table)!;
    for (;;) {
      const n = await statement({ appId: id, batch: size });
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
 * deleted (each sandbox is answered by one sweep, whichever instance's) and
 * how many rows went with the sandboxes it looked at.
 */
export async function sweepEndedSandboxes(now = new Date()): Promise<{ sandboxes: string[]; rows: number }> {
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
      const purged = await purge(id, now);
      rows += purged.rows;
      if (purged.deleted) sandboxes.push(id);
      done.add(id);
    }
    if (ended.length < PER_ROUND) return { sandboxes, rows };
  }
}

type State = { timer: NodeJS.Timeout; running: boolean; again: boolean };
const g = globalThis as unknown as { __svcSandboxSweep?: State };

async function run(st: State): Promise<void> {
  if (st.running) {
    st.again = true;
    return;
  }
  st.running = true;
  try {
    do {
      st.again = false;
      const r = await sweepEndedSandboxes();
      const n = r.sandboxes.length;
      if (n) console.log(`[sandboxes] deleted ${n} ended sandbox(es), ${r.rows} rows: ${r.sandboxes.slice(0, 20).join(", ")}${n > 20 ? ` and ${n - 20} more` : ""}`);
    } while (st.again);
  } catch (e) {
    // Another instance's sweep or a busy database: the next round takes it up again.
    console.error("[sandboxes] sweep failed; trying again next round", e);
  } finally {
    st.running = false;
  }
}

/** Sweeps every SANDBOX_SWEEP_MS in this process (and once now). */
export function startSandboxSweeper(): void {
  if (g.__svcSandboxSweep) return;
  const st: State = { timer: setInterval(() => void run(st), config.sandboxSweepMs), running: false, again: false };
  st.timer.unref();
  g.__svcSandboxSweep = st;
  void run(st);
}

/** A sandbox just ended in this process: sweep now rather than at the next round (no-op where the sweeper does not run). */
export function sweepSoon(): void {
  const st = g.__svcSandboxSweep;
  if (st) void run(st);
}

export function stopSandboxSweeper(): void {
  const st = g.__svcSandboxSweep;
  if (!st) return;
  clearInterval(st.timer);
  g.__svcSandboxSweep = undefined;
}
