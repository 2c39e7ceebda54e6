// Held resources (the `held` scenarios of lib/catalog/operations.ts): resolving
// one decides its outcome now and schedules its callback, exactly as the call
// would have with that scenario (lib/engine/hold.ts builds both from the input
// the resource kept), its delays counted from the resolve. The developer API,
// MCP, the console's Handset and the expiry sweep (every instance's
// dispatcher) all call resolveHeld. Exactly one resolve of a resource wins, on
// either database and across instances: the row is updated on the condition
// that it is still held, in the transaction that inserts its delivery.
// "Now" and the expiry horizon are on the process's clock (lib/runtime.ts).
import { operationById, operations } from "@/lib/catalog";
import { config, nowDate } from "@/lib/runtime";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { releaseFloat } from "@/lib/float";
import { expiryScenario, heldScenario, keepsFloat, liveState, resolutionScenario, resolutionTimeScale, resolveHold, type HoldRecord } from "@/lib/engine";
import { ApiError, isApiError } from "@/lib/errors";
import { newId, newReceipt } from "@/lib/ids";
import { deliveryRow, scheduleDelivery } from "./store/deliveries";
import { notifyScheduled } from "./wake";

/** Who resolved a held resource: a developer-API call (http, mcp), the console's Handset, or the expiry sweep. */
export type ResolveVia = "http" | "mcp" | "try-it" | "console" | "expiry";

export type ResolveOptions = {
  via: ResolveVia;
  /** The resolving call's X-Svc-Time-Scale, when it sent one (VALIDATION_ERROR naming it when not 0–1). */
  timeScaleHeader?: string | null;
  /** The request-log id of the resolving call (http, mcp: the pipeline logs it); a console resolve gets a new one (lib/gateway/console-calls.ts logs it). */
  requestId?: string;
  now?: Date;
};

export type ResolveResult = {
  resourceId: string;
  operationId: string;
  scenarioKey: string;
  /** The live status now (PENDING until the callback time, then the outcome's). */
  state: string;
  live: Record<string, unknown>;
  settlesAt: string;
  resolvedAt: string;
  resolvedVia: ResolveVia;
  requestId: string | null;
  deliveryId: string;
  callback: { url: string | null; dueAt: string; state: string; lastError: string | null };
};

const utc = (d: Date) => `${d.toISOString().replace("T", " ").slice(0, 19)} UTC`;

export async function resolveHeld(appId: string, resourceId: string, scenarioKey: string, opts: ResolveOptions, db: Db = defaultDb): Promise<ResolveResult> {
  const now = opts.now ?? nowDate();
  const r = await db.resource.findFirst({ where: { id: resourceId, appId } });
  if (!r) throw new ApiError("NOT_FOUND", `no resource ${resourceId} for this app`);
  const op = operationById(r.operationId);
  if (!op || !r.heldAt || !r.hold) {
    const how = op && heldScenario(op) ? `hold one with X-Svc-Scenario: ${heldScenario(op)!.key}` : `${r.operationId} does not hold`;
    throw new ApiError("CONFLICT", `resource ${resourceId} is not held: its scenario ${r.scenarioKey} decided its outcome at the call (${how})`);
  }
  if (r.resolvedAt) throw alreadyResolved(resourceId, r.scenarioKey, r.resolvedAt, r.resolvedVia);
  const scenario = resolutionScenario(op, scenarioKey);
  const hold = JSON.parse(r.hold) as HoldRecord;
  const app = await db.app.findUniqueOrThrow({ where: { id: appId }, select: { callbackUrl: true, timeScale: true, callbackFaults: true } });
  const timeScale = resolutionTimeScale(opts.timeScaleHeader, hold, app.timeScale);
  const requestId = opts.via === "console" ? newId("req") : (opts.requestId ?? null);
  const ctx = { now, requestId: requestId ?? "", newId, newReceipt, defaultCallbackUrl: app.callbackUrl, timeScale };
  const resolved = resolveHold(op, scenario, { id: r.id, data: JSON.parse(r.data) as Record<string, unknown>, hold }, ctx);
  const delivery = deliveryRow({
    appId, resourceId: r.id, operationId: op.id, scenarioKey: scenario.key,
    url: resolved.callback.url, dueAt: resolved.callback.dueAt, body: resolved.callback.body,
  }, { now, appCallbackFaults: app.callbackFaults });
  const live = liveState({ id: r.id, scenarioKey: scenario.key, settlesAt: resolved.settlesAt, data: resolved.data }, now);
  const result: ResolveResult = {
    resourceId: r.id, operationId: op.id, scenarioKey: scenario.key, state: String(live.status), live,
    settlesAt: resolved.settlesAt!.toISOString(), resolvedAt: now.toISOString(), resolvedVia: opts.via, requestId,
    deliveryId: delivery.id, callback: { url: delivery.url, dueAt: delivery.dueAt.toISOString(), state: delivery.state, lastError: delivery.lastError },
  };
  // A payout resolved as FAILED gives back what its acceptance reserved (lib/float); DELIVERED keeps it reserved until it settles.
  const release = r.floatAmount !== null && r.floatCurrency !== null && !keepsFloat(op, scenario);
  await db.$transaction(async (tx) => {
    const won = await tx.resource.updateMany({
      where: { id: r.id, appId, heldAt: { not: null }, resolvedAt: null },
      data: {
        scenarioKey: scenario.key, settlesAt: resolved.settlesAt, data: JSON.stringify(resolved.data),
        resolvedAt: now, resolvedVia: opts.via, resolvedBy: requestId, ...(release ? { floatAmount: null, floatCurrency: null } : {}),
      },
    });
    if (won.count !== 1) {
      const now2 = await tx.resource.findFirst({ where: { id: r.id, appId }, select: { scenarioKey: true, resolvedAt: true, resolvedVia: true } });
      throw now2?.resolvedAt ? alreadyResolved(r.id, now2.scenarioKey, now2.resolvedAt, now2.resolvedVia) : new ApiError("NOT_FOUND", `no resource ${r.id} for this app`);
    }
    if (release) await releaseFloat(tx, appId, r.floatCurrency!, r.floatAmount!);
    await scheduleDelivery(tx, delivery);
  });
  if (delivery.state === "SCHEDULED") notifyScheduled(delivery.dueAt);
  return result;
}

function alreadyResolved(id: string, scenarioKey: string, at: Date, via: string | null): ApiError {
  return new ApiError("CONFLICT", `resource ${id} is not held any more: it was resolved as ${scenarioKey} at ${utc(at)}${via ? ` (${via})` : ""}`);
}

/** How often each instance looks for expired held resources: a tenth of the horizon, between 1 s and 1 min. */
export const expirySweepMs = () => Math.min(60_000, Math.max(1_000, Math.round(config.heldTimeoutMs / 10)));

const SWEEP_BATCH = 100;

/**
 * Resolves the held resources, of every app, not resolved within
 * `config.heldTimeoutMs` as their operation's expiry scenario (Collect:
 * no_answer); operations without one stay held. A resource another instance
 * resolved meanwhile is skipped. Returns how many this call resolved.
 */
export async function expireHeld(now = nowDate(), db: Db = defaultDb): Promise<number> {
  const expiring = operations.filter((op) => expiryScenario(op));
  const due = await db.resource.findMany({
    where: { operationId: { in: expiring.map((op) => op.id) }, heldAt: { lte: new Date(now.getTime() - config.heldTimeoutMs) }, resolvedAt: null },
    orderBy: { heldAt: "asc" },
    take: SWEEP_BATCH,
    select: { id: true, appId: true, operationId: true },
  });
  let resolved = 0;
  for (const r of due) {
    try {
      await resolveHeld(r.appId, r.id, expiryScenario(operationById(r.operationId)!)!.key, { via: "expiry", now }, db);
      resolved++;
    } catch (e) {
      if (!(isApiError(e) && (e.code === "CONFLICT" || e.code === "NOT_FOUND"))) throw e; // resolved or gone meanwhile
    }
  }
  return resolved;
}
