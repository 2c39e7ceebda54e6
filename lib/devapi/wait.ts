// Wait for a callback: blocks until the callback of a resource (or of the
// app's latest resource with a reference, or a delivery id) has had its first
// attempt, then answers the delivery and that attempt; or, with expect=none,
// asserts that no attempt is made during the window. Works with several
// instances: the attempt may be recorded by any of them. The wait holds a slot
// (held-connections.ts: per app, per account, per instance) until it answers or its client
// leaves, and reads the delivery when woken: at once when this process records
// its attempt (attemptWakeups), within a poll when another instance does (the
// app's one poller, watch.ts), and every BACKSTOP_MS regardless. A held
// resource has no delivery yet: the wait looks for one every POLL_MS.
import { attemptWakeups } from "@/lib/callbacks/attempt";
import { storedCallbackFaults } from "@/lib/callbacks/callback-faults";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { runtime } from "@/lib/runtime";
import { takeHeld } from "./held-connections";
import { POLL_MS, watchDelivery } from "./watch";

/** A wait reads its delivery at least this often, woken or not. */
const BACKSTOP_MS = 5_000;
/** When the runtime stops (the server's drain, server/shutdown.ts), every wait answers now with what it has (TIMEOUT when not attempted yet). */
const stopping = () => runtime().stopping;

export type WaitTarget = { resourceId?: string; reference?: string; deliveryId?: string };
/** `attempt`: the callback's first attempt. `none`: assert that no attempt is made during the window. */
export type WaitExpect = "attempt" | "none";

/**
 * What the wait watches: a delivery, or a resource whose delivery may not exist
 * yet (held: it comes when the resource is resolved). NOT_FOUND for an unknown
 * target, and for a resource whose scenario sends no callback unless `expect` is none.
 */
async function findTarget(appId: string, t: WaitTarget, expect: WaitExpect, db: Db): Promise<{ deliveryId: string | null; resourceId: string | null }> {
  if (t.deliveryId) {
    const d = await db.delivery.findFirst({ where: { appId, id: t.deliveryId }, select: { id: true } });
    if (!d) throw new ApiError("NOT_FOUND", `no delivery ${t.deliveryId} for this app`);
    return { deliveryId: d.id, resourceId: null };
  }
  const select = { id: true, heldAt: true, resolvedAt: true } as const;
  const resource = t.resourceId
    ? await db.resource.findFirst({ where: { appId, id: t.resourceId }, select })
    : await db.resource.findFirst({ where: { appId, reference: t.reference! }, orderBy: { createdAt: "desc" }, select });
  const named = t.resourceId ? `resource ${t.resourceId}` : `resource with reference ${t.reference}`;
  if (!resource) throw new ApiError("NOT_FOUND", `no ${named} for this app`);
  const deliveryId = await deliveryOf(appId, resource.id, db);
  const waitsForResolve = resource.heldAt !== null && resource.resolvedAt === null;
  if (!deliveryId && !waitsForResolve && expect !== "none") {
    throw new ApiError("NOT_FOUND", `${named} has no callback (its scenario sends none; wait with expect=none to assert that)`);
  }
  return { deliveryId, resourceId: resource.id };
}

async function deliveryOf(appId: string, resourceId: string, db: Db): Promise<string | null> {
  const d = await db.delivery.findFirst({ where: { appId, resourceId }, orderBy: { seq: "desc" }, select: { id: true } });
  return d?.id ?? null;
}

/**
 * The delivery with its attempt number `skip + 1` (the first one made after
 * the `skip` already seen). The attempt is read first: an attempt and its
 * delivery's new state commit together, so a delivery read after its attempt
 * shows that state (read the other way round, a post recorded between the two
 * reads showed an attempt beside the state SENDING).
 */
async function snapshot(appId: string, deliveryId: string, skip: number, db: Db) {
  const [next] = await db.deliveryAttempt.findMany({ where: { deliveryId, delivery: { appId } }, orderBy: { id: "asc" }, skip, take: 1 });
  const d = await db.delivery.findFirst({ where: { appId, id: deliveryId } });
  if (!d) throw new ApiError("NOT_FOUND", `delivery ${deliveryId} is gone (the app was reset or the delivery pruned)`);
  return { ...d, attemptLog: next ? [next] : [] };
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

function answer(d: Snapshot | null, status: "ATTEMPTED" | "NOT_SENT" | "TIMEOUT" | "NONE", waitedMs: number) {
  const a = d?.attemptLog[0];
  return {
    status,
    waitedMs,
    delivery: d && {
      id: d.id, resourceId: d.resourceId, operationId: d.operationId, scenarioKey: d.scenarioKey, url: d.url,
      state: d.state, attempts: d.attempts, dueAt: d.dueAt.toISOString(), body: jsonOr(d.body),
      faults: storedCallbackFaults(d.faults), lastError: d.lastError, delayReason: d.delayReason,
    },
    attempt: a && d
      ? {
          at: a.at.toISOString(), url: a.url ?? d.url, headers: (jsonOr(a.headers) as Record<string, string> | null) ?? null,
          status: a.status, responseBody: a.responseBody, error: a.error, durationMs: a.durationMs, note: a.note,
        }
      : null,
  };
}
export type WaitAnswer = ReturnType<typeof answer>;

/**
 * `timeoutS` 0–60: 0 looks once without waiting. With `expect` none, the
 * attempts already made when the wait starts do not count, NOT_SENT is not an
 * answer (nothing is sent: it waits on), and the window's end answers NONE.
 * `signal`: the client left — the wait ends at once (its answer goes nowhere) and frees its slot.
 */
export async function waitForCallback(
  appId: string, target: WaitTarget, timeoutS: number, expect: WaitExpect = "attempt", db: Db = defaultDb, signal?: AbortSignal,
): Promise<WaitAnswer> {
  const given = [target.resourceId, target.reference, target.deliveryId].filter((v) => v !== undefined).length;
  if (given !== 1) throw new ApiError("VALIDATION_ERROR", "give exactly one of resourceId, reference, deliveryId", {}, [{ field: "resourceId", message: "give exactly one of resourceId, reference, deliveryId" }]);
  const release = await takeHeld("wait", appId);
  let unwatch = () => {};
  let watched = false;
  const over = signal ? AbortSignal.any([stopping(), signal]) : stopping();
  try {
    const started = Date.now();
    const deadline = started + timeoutS * 1000;
    const found = await findTarget(appId, target, expect, db);
    let deliveryId = found.deliveryId;
    const seen = expect === "none" && deliveryId ? await db.deliveryAttempt.count({ where: { deliveryId } }) : 0;
    for (;;) {
      deliveryId ??= found.resourceId && (await deliveryOf(appId, found.resourceId, db));
      const d = deliveryId ? await snapshot(appId, deliveryId, seen, db) : null;
      const waited = Date.now() - started;
      if (d?.attemptLog.length) return answer(d, "ATTEMPTED", waited);
      if (d?.state === "NOT_SENT" && expect === "attempt") return answer(d, "NOT_SENT", waited);
      const left = deadline - Date.now();
      if (left <= 0 || over.aborted) return answer(d, expect === "none" ? "NONE" : "TIMEOUT", waited);
      if (deliveryId && !watched) {
        unwatch = watchDelivery(appId, deliveryId);
        watched = true;
      }
      await attemptWakeups.wait(deliveryId ?? `resource:${found.resourceId}`, Math.min(deliveryId ? BACKSTOP_MS : POLL_MS, left), over);
    }
  } finally {
    unwatch();
    release();
  }
}
