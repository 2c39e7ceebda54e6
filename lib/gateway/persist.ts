// What a call leaves behind, written in one transaction: the resource, the
// scheduled callback and the request-log row.
import { deliveryRow, notifyScheduled } from "@/lib/callbacks";
import { config } from "@/lib/runtime";
import { duePrune } from "@/lib/db/bounded";
import { TIME_SCALE_HEADER, type HoldRecord } from "@/lib/engine";
import type { CallState, GatewayResult } from "./context";
import { logRow } from "./request-log";
import type { GatewayStore } from "./store";

/** The time scale the call asked for with X-Svc-Time-Scale (the MCP tool's argument travels in it), null when it sent none: a held resource keeps it for its resolution. */
const sentTimeScale = (s: CallState) => (s.call.headers.get(TIME_SCALE_HEADER) === null ? null : (s.timeScale ?? null));

/**
 * Writes the call's rows. False when the call's reference was taken by another
 * call since the lookup (or was assumed free and is not), or its float no
 * longer covers what the resource takes (nothing written: the pipeline decides again).
 */
export async function persist(store: GatewayStore, s: CallState, result: GatewayResult, durationMs: number): Promise<boolean> {
  if (!s.app) return true; // refused before the token check: not logged
  const a = s.answer;
  const appId = s.app.id;
  // X-Svc-Fault: early_callback: the callback is due at once, and the live state changes with it.
  const early = s.fault?.callback === "early";
  const resource = a?.resource && {
    id: a.resource.id,
    appId,
    operationId: a.operation.id,
    reference: a.resource.reference,
    scenarioKey: a.scenario.key,
    settlesAt: early && a.resource.settlesAt ? s.receivedAt : a.resource.settlesAt,
    data: JSON.stringify(a.resource.data),
    createdAt: s.receivedAt,
    heldAt: a.resource.hold ? s.receivedAt : null,
    hold: a.resource.hold ? JSON.stringify({ ...a.resource.hold, timeScale: sentTimeScale(s) } satisfies HoldRecord) : null,
    floatCurrency: a.resource.float?.currency ?? null,
    floatAmount: a.resource.float?.amount ?? null,
  };
  const delivery = a?.callback && deliveryRow({
    appId,
    resourceId: a.resource?.id ?? null,
    operationId: a.operation.id,
    scenarioKey: a.scenario.key,
    url: a.callback.url,
    dueAt: a.callback.dueAt,
    body: a.callback.body,
  }, { now: s.receivedAt, appCallbackFaults: s.app.callbackFaults, gatewayFault: s.fault?.callback });
  const guard = resource && resource.reference !== null ? s.referenceGuard : undefined;
  // Decided on a reference assumed free, with nothing to re-check it: decide again on the facts (steps/reference.ts).
  if (s.referenceAssumed && !guard) return false;
  if (!(await store.commit({ resource, delivery, log: logRow(s, result, durationMs) }, guard))) return false;
  if (delivery) {
    s.deliveryId = delivery.id;
    notifyScheduled(delivery.dueAt);
  }
  const bounds = [
    ["RequestLog", config.requestLogPerApp, true],
    ["Resource", config.resourcesPerApp, Boolean(resource)],
    ["Delivery", config.deliveriesPerApp, Boolean(delivery)],
  ] as const;
  for (const [table, keep, inserted] of bounds) {
    if (inserted && duePrune(table, appId, keep)) await store.prune(table, appId, keep);
  }
  return true;
}
