// The time scale (README: How the sandbox behaves): every scripted delay of a call —
// the response delay, the callback delay and so the time its live state
// changes — is multiplied by a factor 0 ≤ s ≤ 1. The header wins over the
// app's own default. Pure.
import { ApiError } from "@/lib/errors";

export const TIME_SCALE_HEADER = "x-svc-time-scale";

/** An unsigned decimal: 0, 1, 0.1, .25, 1.0, and 1e-7 as clients print small numbers (no sign, spaces inside, words, NaN). */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The scale a call runs with: the header when sent (a decimal from 0 to 1,
 * else VALIDATION_ERROR naming the header), otherwise the app's default.
 */
export function resolveTimeScale(header: string | null | undefined, appDefault: number): number {
  if (header === null || header === undefined) return appDefault;
  const text = header.trim();
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= 1)) {
    const field = "X-Svc-Time-Scale";
    const message = `${field} must be a decimal from 0 to 1 (1 = the documented timings, 0 = instant), not "${header.slice(0, 40)}"`;
    throw new ApiError("VALIDATION_ERROR", message, {}, [{ field, message }]);
  }
  return value;
}

/** A scripted delay at a scale, in whole milliseconds. */
export const scaled = (ms: number, scale = 1): number => (scale === 1 ? ms : Math.round(ms * scale));
