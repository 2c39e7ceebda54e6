// Phone numbers in the request log: the one that a call's body names, kept
// with its log row (RequestLog.phone, written by lib/gateway/request-log.ts),
// and a phone number as someone types it into the console's search
// (lib/activity/search.ts). Both are digits only, so the search is one
// equality on the (appId, phone, seq) index instead of a scan of the bodies.

/**
 * The fields of the catalog's bodies that hold a phone number (the schemas'
 * `phone()` fields, lib/catalog/schemas): Collect's `phoneNumber`, SMS's `to`,
 * a payout's `destination.phoneNumber`, read in this order. The migration
 * 20261128000453_request_log_phone filled the rows logged before from the same fields.
 */
export const PHONE_FIELDS: readonly (readonly string[])[] = [["phoneNumber"], ["to"], ["destination", "phoneNumber"]];

/** A number as the bodies carry it: digits only, 7 to 15 of them. */
const STORED = /^\d{7,15}$/;

/** The phone number a body (as sent) names, digits only, or null: no JSON object, or no such field holding one. */
export function phoneOfBody(body: string | null | undefined): string | null {
  if (!body || body.length > 64 * 1024 || !body.trimStart().startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  for (const path of PHONE_FIELDS) {
    let v: unknown = value;
    for (const key of path) v = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
    if (typeof v === "string" && STORED.test(v)) return v;
  }
  return null;
}

/** A phone number as someone types it (a plus sign, spaces, brackets, dots, dashes) as digits; null when `q` is not one. */
export function phoneDigits(q: string): string | null {
  if (!/^\+?\(?[0-9][0-9 ().-]*$/.test(q)) return null;
  const digits = q.replace(/\D/g, "");
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}
