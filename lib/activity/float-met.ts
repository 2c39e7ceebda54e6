// The float a payout met, as its request-log row keeps it (written by
// lib/gateway/request-log.ts and the stores' commit): the request log, the
// request detail and the resource timeline all show it this way.

/** The request-log columns it is read from. */
export const FLOAT_MET_COLUMNS = { floatCurrency: true, floatAvailable: true, floatReserved: true } as const;

type FloatMetRow = { floatCurrency: string | null; floatAvailable: number | null; floatReserved: number | null };

/** What was available in `currency` before the call's reservation and what it reserved (0: nothing, e.g. float_low); null for a call that is no payout. */
export type FloatMet = { currency: string; available: number; reserved: number };

export function floatMetOf(row: FloatMetRow): FloatMet | null {
  if (row.floatCurrency === null || row.floatAvailable === null) return null;
  return { currency: row.floatCurrency, available: row.floatAvailable, reserved: row.floatReserved ?? 0 };
}

/** A row without its float columns, with `float` instead. */
export function withFloatMet<R extends FloatMetRow>({ floatCurrency, floatAvailable, floatReserved, ...rest }: R) {
  return { ...rest, float: floatMetOf({ floatCurrency, floatAvailable, floatReserved }) };
}
