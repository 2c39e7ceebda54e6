// The names of the gateway's faults (X-Svc-Fault, an app's fault plan): data,
// like the scenarios' keys. What each one does is the engine's table
// (lib/engine/faults.ts FAULTS, one row per name).
export const FAULT_NAMES = [
  "lost_response",
  "slow_response",
  "error_after_commit",
  "unavailable",
  "rate_limited",
  "token_expired",
  "lost_callback",
  "early_callback",
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];
