// A callback is a database row, written in the same transaction as the call
// that produced it; the dispatcher posts it when due.
import type { CallbackFaults } from "@/lib/catalog/dev-endpoints";
import { newId } from "@/lib/ids";
import { callbackFaultsForDelivery } from "./callback-faults";

export function isHttpUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

export type ScheduledCallback = {
  appId: string;
  resourceId: string | null;
  operationId: string;
  scenarioKey: string;
  url: string | null;
  dueAt: Date;
  body: Record<string, unknown>;
};

/**
 * The row of one delivery: SCHEDULED, or NOT_SENT with the reason when there is
 * no http(s) address. The app's callback faults are decided here and kept on
 * the row (extraDelayMs moves its due time).
 */
export function newDelivery(cb: ScheduledCallback, createdAt: Date, appCallbackFaults?: CallbackFaults) {
  const sendable = isHttpUrl(cb.url);
  const faults = sendable ? callbackFaultsForDelivery(appCallbackFaults) : null;
  return {
    id: newId("dlv"),
    appId: cb.appId,
    resourceId: cb.resourceId,
    operationId: cb.operationId,
    scenarioKey: cb.scenarioKey,
    url: cb.url,
    body: JSON.stringify(cb.body),
    dueAt: faults?.extraDelayMs ? new Date(cb.dueAt.getTime() + faults.extraDelayMs) : cb.dueAt,
    state: sendable ? "SCHEDULED" : "NOT_SENT",
    faults: faults ? JSON.stringify(faults) : null,
    lastError: sendable
      ? null
      : cb.url
        ? `not sent: ${cb.url} is not an http or https address`
        : "not sent: the request has no callbackUrl and the app has no default callback URL",
    createdAt,
  };
}
