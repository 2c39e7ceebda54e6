// Wait for a callback: blocks until the callback of a resource (or of the
// app's latest resource with a reference, or a delivery id) has had its first
// attempt, then answers the delivery and that attempt. Works with several
// instances: the attempt may be recorded by any of them, so the wait polls
// the database (one indexed read per POLL_MS) and wakes at once when this
// process records it (attemptWakeups).
import { attemptWakeups } from "@/lib/callbacks/attempt";
import { storedFaults } from "@/lib/callbacks/faults";
import { db as defaultDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { Slots } from "./slots";

const POLL_MS = 250;
/** Waits at once per app in this process; more answer 429. */
export const WAITS_PER_APP = 20;
const active = new Slots(WAITS_PER_APP);
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

/** `timeoutS` 0–60: 0 looks once without waiting. */
export async function waitForCallback(appId: string, target: WaitTarget, timeoutS: number, db: Db = defaultDb): Promise<WaitAnswer> {
  const given = [target.resourceId, target.reference, target.deliveryId].filter((v) => v !== undefined).length;
  if (given !== 1) throw new ApiError("VALIDATION_ERROR", "give exactly one of resourceId, reference, deliveryId", {}, [{ field: "resourceId", message: "give exactly one of resourceId, reference, deliveryId" }]);
  if (!active.take(appId)) throw new ApiError("RATE_LIMITED", `at most ${WAITS_PER_APP} waits at once per app; let one finish first`, { "retry-after": "1" });
  try {
    const started = Date.now();
    const deadline = started + timeoutS * 1000;
    const deliveryId = await findDelivery(appId, target, db);
    for (;;) {
      const d = await snapshot(appId, deliveryId, db);
      const waited = Date.now() - started;
      if (d.attemptLog.length) return answer(d, "ATTEMPTED", waited);
      if (d.state === "NOT_SENT") return answer(d, "NOT_SENT", waited);
      const left = deadline - Date.now();
      if (left <= 0 || stopping().aborted) return answer(d, "TIMEOUT", waited);
      await attemptWakeups.wait(deliveryId, Math.min(POLL_MS, left), stopping());
    }
  } finally {
    active.release(appId);
  }
}
