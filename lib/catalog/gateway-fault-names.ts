// The names of the gateway's faults (X-Svc-Fault, an app's fault plan): data,
// like the scenarios' keys. What each one does is the engine's table
// (lib/engine/gateway-faults.ts GATEWAY_FAULTS, one row per name).
export const GATEWAY_FAULT_NAMES = [
  "lost_response",
  "slow_response",
  "error_after_commit",
  "unavailable",
  "rate_limited",
  "token_expired",
  "lost_callback",
  "early_callback",
] as const;
export type GatewayFaultName = (typeof GATEWAY_FAULT_NAMES)[number];
