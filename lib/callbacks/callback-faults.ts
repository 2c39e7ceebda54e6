// Callback faults for robustness tests (the app's settings, lib/devapi/settings.ts):
// decided when a delivery is scheduled and kept on it (Delivery.faults), so the
// record says what was done on purpose and the dispatcher only follows it.
import type { CallbackFaults } from "@/lib/catalog/dev-endpoints";
import { newSigningSecret } from "@/lib/crypto";

/** The callback faults done on purpose to one delivery; only those that apply are present. */
export type DeliveryCallbackFaults = { duplicate?: true; badSignature?: true; extraDelayMs?: number };

/** The callback faults a new delivery gets from its app's settings: null when none is on. */
export function callbackFaultsForDelivery(app: CallbackFaults | undefined): DeliveryCallbackFaults | null {
  if (!app) return null;
  const f: DeliveryCallbackFaults = {
    ...(app.duplicate ? { duplicate: true as const } : {}),
    ...(app.badSignature ? { badSignature: true as const } : {}),
    ...(app.extraDelayMs > 0 ? { extraDelayMs: app.extraDelayMs } : {}),
  };
  return Object.keys(f).length ? f : null;
}

/** A delivery row's stored callback faults (JSON text or null). */
export function storedCallbackFaults(text: string | null | undefined): DeliveryCallbackFaults | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as DeliveryCallbackFaults) : null;
  } catch {
    return null;
  }
}

/**
 * The secrets an attempt is signed with: the app's live ones, or with the
 * badSignature fault a fresh secret of the same format that no receiver knows.
 */
export function signingSecretsFor(faults: DeliveryCallbackFaults | null | undefined, live: string[]): string[] {
  return faults?.badSignature ? [newSigningSecret()] : live;
}

/** The note of an attempt whose post its destination host's budget had put off (host-budget.ts). */
const DELAYED_NOTE = "delayed by its destination host's callback budget (CALLBACKS_PER_HOST_PER_MINUTE)";

/** The attempt's note: what was done on purpose, and a delay by the host budget (null when nothing). */
export function attemptNote(faults: DeliveryCallbackFaults | null | undefined, extra: { replay?: boolean; second?: boolean; delayed?: boolean }): string | null {
  const parts: string[] = [];
  if (extra.replay) parts.push("replay");
  if (extra.delayed && !extra.second) parts.push(DELAYED_NOTE);
  if (faults?.extraDelayMs && !extra.replay && !extra.second) parts.push(`sent ${faults.extraDelayMs} ms late on purpose (callback fault extraDelayMs)`);
  if (faults?.badSignature) parts.push("signed with a wrong secret on purpose (callback fault badSignature)");
  if (extra.second) parts.push("second post of the same callback on purpose (callback fault duplicate)");
  return parts.length ? parts.join("; ") : null;
}
