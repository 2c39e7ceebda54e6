// Fixed one-minute windows aligned to the clock (hh:mm:00 to hh:mm:59). Pure arithmetic.

export function windowOf(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

/** Whole seconds until the next window starts (1 to 60). */
export function secondsToReset(now: Date): number {
  const ms = 60_000 - (now.getTime() % 60_000);
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The policy's name in the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers). */
const POLICY = '"minute"';

/** The x-ratelimit-* headers (README, "How the sandbox behaves", Rate limit) and the same numbers as IETF RateLimit-Policy / RateLimit fields. */
export function rateHeaders(limit: number, count: number, now: Date): Record<string, string> {
  const reset = String(secondsToReset(now));
  const remaining = String(Math.max(0, limit - count));
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": remaining,
    "x-ratelimit-reset": reset,
    "ratelimit-policy": `${POLICY};q=${limit};w=60`,
    ratelimit: `${POLICY};r=${remaining};t=${reset}`,
  };
  if (count > limit) headers["retry-after"] = reset;
  return headers;
}
