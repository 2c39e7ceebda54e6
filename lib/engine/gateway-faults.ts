// Faults at the gateway (README: How the sandbox behaves, "Faults on purpose"):
// production's failures, asked for by name with X-Svc-Fault (MCP: the `fault`
// argument) and applied after every check passed, like a scenario. This table
// is the one home of what each fault does; the pipeline reads it
// (lib/gateway/gateway-faults.ts), the client checks judge by it (lib/activity/client-checks.ts). Pure.
import { GATEWAY_FAULT_NAMES, type GatewayFaultName } from "@/lib/catalog";
import { ApiError, type ErrorCode } from "@/lib/errors";

export const FAULT_HEADER = "x-svc-fault";

export { GATEWAY_FAULT_NAMES, type GatewayFaultName };

export type GatewayFault = {
  name: GatewayFaultName;
  /** Whether the call is committed (resource, reference, callback, log row) exactly as without the fault; else only its log row is. */
  committed: boolean;
  /** What the client sees, in a sentence (docs, the console). */
  sees: string;
  /** A call not committed ends with this error; `retryAfterSeconds` goes out as Retry-After, `expiresToken` refuses the token from then on. */
  refuse?: { error: ErrorCode; message: string; retryAfterSeconds?: number; expiresToken?: true };
  /** A committed call's answer: dropped (the connection closes), late (after `lateMs` × the call's time scale) or replaced by a 500. */
  answer?: "dropped" | "late" | "error";
  lateMs?: number;
  /** A committed call's callback: never posted (recorded as not sent), or posted before the answer is written. */
  callback?: "never" | "early";
};

export const GATEWAY_FAULTS: readonly GatewayFault[] = [
  { name: "lost_response", committed: true, answer: "dropped", sees: "the connection closes with no answer" },
  { name: "slow_response", committed: true, answer: "late", lateMs: 30_000, sees: "the normal answer after 30 s × the call's time scale" },
  { name: "error_after_commit", committed: true, answer: "error", sees: "500 INTERNAL_ERROR" },
  {
    name: "unavailable", committed: false, sees: "503 SERVICE_UNAVAILABLE with Retry-After (seconds)",
    refuse: { error: "SERVICE_UNAVAILABLE", retryAfterSeconds: 1, message: "the service is unavailable right now; retry after the Retry-After seconds, with the same reference" },
  },
  {
    name: "rate_limited", committed: false, sees: "429 RATE_LIMITED with Retry-After; the app's real per-minute count is not filled",
    refuse: { error: "RATE_LIMITED", retryAfterSeconds: 1, message: "too many calls; retry after the Retry-After seconds" },
  },
  {
    name: "token_expired", committed: false, sees: "401 INVALID_TOKEN; that token stays refused from then on",
    refuse: { error: "INVALID_TOKEN", expiresToken: true, message: "the access token has expired; request a new one" },
  },
  { name: "lost_callback", committed: true, callback: "never", sees: "the normal answer; the callback is never posted (the live state still changes at its due time)" },
  { name: "early_callback", committed: true, callback: "early", sees: "the callback is posted before the answer is written" },
];

/** What a committed call whose answer is "error" (error_after_commit) answers instead, after the commit. */
export const ERROR_AFTER_COMMIT = { error: "INTERNAL_ERROR", message: "the sandbox failed to handle this call; quote the request id when reporting it" } as const satisfies { error: ErrorCode; message: string };

/** Every code the fault step can answer: the header's VALIDATION_ERROR, each refusal's, then the 500 a committed call answers with. */
export const GATEWAY_FAULT_CODES: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([
    "VALIDATION_ERROR",
    ...GATEWAY_FAULTS.flatMap((f) => (f.refuse ? [f.refuse.error] : [])),
    ...GATEWAY_FAULTS.filter((f) => f.answer === "error").map(() => ERROR_AFTER_COMMIT.error),
  ]),
];

const BY_NAME = new Map(GATEWAY_FAULTS.map((f) => [f.name, f]));

/** A fault by its name (as stored in the request log); undefined for any other text. */
export const gatewayFaultNamed = (name: string | null | undefined): GatewayFault | undefined => (name ? BY_NAME.get(name as GatewayFaultName) : undefined);

/**
 * Until when a call of the same client counts as a retry of a committed call
 * whose answer it may not have had: for ever after a dropped answer or a 500,
 * until the late answer came for a slow one (ms since the epoch); null when the
 * fault left the answer as it was. The client checks and the timeline read it.
 */
export function retryWindowEnd(fault: GatewayFault | undefined, receivedAtMs: number, durationMs: number): number | null {
  if (!fault?.committed || !fault.answer) return null;
  return fault.answer === "late" ? receivedAtMs + durationMs : Number.POSITIVE_INFINITY;
}

/** The call's fault: none without the header, else the named one (VALIDATION_ERROR naming the header for any other name). */
export function resolveGatewayFault(header: string | null | undefined): GatewayFault | null {
  if (header === null || header === undefined) return null;
  const fault = gatewayFaultNamed(header.trim());
  if (fault) return fault;
  const field = "X-Svc-Fault";
  const message = `${field} must be one of ${GATEWAY_FAULT_NAMES.join(", ")}, not "${header.slice(0, 40)}"`;
  throw new ApiError("VALIDATION_ERROR", message, {}, [{ field, message }]);
}
