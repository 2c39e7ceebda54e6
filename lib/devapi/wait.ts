// Wait for a callback: blocks until the callback of a resource (or of the
// app's latest resource with a reference, or a delivery id) has had its first
// attempt, then answers the delivery and that attempt. Works with several
// instances: the attempt may be recorded by any of them. The wait holds a slot
// (held.ts: per app, per account, per instance) until it answers or its client
// leaves, and reads the delivery when woken: at once when this process records
// its attempt (attemptWakeups), within a poll when another instance does (the
// app's one poller, watch.ts), and every BACKSTOP_MS regardless.
import { attemptWakeups } from "@/lib/callbacks/attempt";
import { storedFaults } from "@/lib/callbacks/faults";
import { db as defaultDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { takeHeld } from "./held";
import { watchDelivery } from "./watch";

/** A wait reads its delivery at least this often, woken or not. */
const BACKSTOP_MS = 5_000;
// On globalThis like the other per-process state: the server's drain ends every wait at once.
const g = globalThis as unknown as { __svcWaitsStop?: AbortController };
const stopping = () => (g.__svcWaitsStop ??= new AbortController()).signal;

/** The server is draining (server/shutdown.ts): every wait answers now with what it has (TIMEOUT when not attempted yet). */
export function stopWaits(): void {
  (g.__svcWaitsStop ??= new AbortController()).abort();
}

export type WaitTarget = { resourceId?: string; reference?: string; deliveryId?: string };

async function findDelivery(appId: string, t: WaitTarget, db: Db) {
  if (t.deliveryId) {
    const d = await db.delivery.findFirst({ where: { appId, id: t.deliveryId }, select: { id: true } });
    if (!d) throw new ApiError("NOT_FOUND", `no delivery ${t.deliveryId} for this app`);
    return d.id;
  }
  const resource = t.resourceId
    ? await db.resource.findFirst({ where: { appId, id: t.resourceId }, select: { id: true } })
    : await db.resource.findFirst({ where: { appId, reference: t.reference! }, orderBy: { createdAt: "desc" }, select: { id: true } });
  const named = t.resourceId ? `resource ${t.resourceId}` : `resource with reference ${t.reference}`;
  if (!resource) throw new ApiError("NOT_FOUND", `no ${named} for this app`);
  const d = await db.delivery.findFirst({ where: { appId, resourceId: resource.id }, orderBy: { seq: "desc" }, select: { id: true } });
  if (!d) throw new ApiError("NOT_FOUND", `${named} has no callback (its scenario sends none)`);
  return d.id;
}

/**
 * The delivery with its first attempt. The attempt is read first: an attempt
 * and its delivery's new state commit together, so a delivery read after its
 * attempt shows that state (read the other way round, a post recorded between
 * the two reads showed an attempt beside the state SENDING).
 */
async function snapshot(appId: string, deliveryId: string, db: Db) {
  const first = await db.deliveryAttempt.findFirst({ where: { deliveryId, delivery: { appId } }, orderBy: { id: "asc" } });
  const d = await db.delivery.findFirst({ where: { appId, id: deliveryId } });
  if (!d) throw new ApiError("NOT_FOUND", `delivery ${deliveryId} is gone (the app was reset or the delivery pruned)`);
  return { ...d, attemptLog: first ? [first] : [] };
}

function jsonOr(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

function answer(d: Snapshot, status: "ATTEMPTED" | "NOT_SENT" | "TIMEOUT", waitedMs: number) {
  const a = d.attemptLog[0];
  return {
    status,
    waitedMs,
    delivery: {
      id: d.id, resourceId: d.resourceId, operationId: d.operationId, scenarioKey: d.scenarioKey, url: d.url,
      state: d.state, attempts: d.attempts, dueAt: d.dueAt.toISOString(), body: jsonOr(d.body),
      faults: storedFaults(d.faults), lastError: d.lastError,
    },
    attempt: a
      ? {
          at: a.at.toISOString(), url: a.url ?? d.url, headers: (jsonOr(a.headers) as Record<string, string> | null) ?? null,
          status: a.status, responseBody: a.responseBody, error: a.error, durationMs: a.durationMs, note: a.note,
        }
      : null,
  };
}
export type WaitAnswer = ReturnType<typeof answer>;

/**
 * `timeoutS` 0–60: 0 looks once without waiting. `signal`: the client left —
 * the wait ends at once (its answer goes nowhere) and frees its slot.
 */
export async function waitForCallback(appId: string, target: WaitTarget, timeoutS: number, db: Db = defaultDb, signal?: AbortSignal): Promise<WaitAnswer> {
  const given = [target.resourceId, target.reference, target.deliveryId].filter((v) => v !== undefined).length;
  if (given !== 1) throw new ApiError("VALIDATION_ERROR", "give exactly one of resourceId, reference, deliveryId", {}, [{ field: "resourceId", message: "give exactly one of resourceId, reference, deliveryId" }]);
  const release = await takeHeld("wait", appId);
  let unwatch = () => {};
  const over = signal ? AbortSignal.any([stopping(), signal]) : stopping();
  try {
    const started = Date.now();
    const deadline = started + timeoutS * 1000;
    const deliveryId = await findDelivery(appId, target, db);
    unwatch = watchDelivery(appId, deliveryId);
    for (;;) {
      const d = await snapshot(appId, deliveryId, db);
      const waited = Date.now() - started;
      if (d.attemptLog.length) return answer(d, "ATTEMPTED", waited);
      if (d.state === "NOT_SENT") return answer(d, "NOT_SENT", waited);
      const left = deadline - Date.now();
      if (left <= 0 || over.aborted) return answer(d, "TIMEOUT", waited);
      await attemptWakeups.wait(deliveryId, Math.min(BACKSTOP_MS, left), over);
    }
  } finally {
    unwatch();
    release();
  }
}
