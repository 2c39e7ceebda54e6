// The docs' fault table: each fault of lib/engine/gateway-faults.ts GATEWAY_FAULTS (its name,
// whether the call is committed, what the client sees) with what a correct
// client does about it, the one place that says so (the guide "Rehearse
// failures" and every operation page show it). A fault added to GATEWAY_FAULTS without
// its line here fails the type check.
import { GATEWAY_FAULTS, type GatewayFaultName } from "@/lib/engine";

const CLIENT_DOES: Record<GatewayFaultName, string> = {
  lost_response: "Sends the same request again (same reference, same body). A 409 DUPLICATE_REFERENCE then means the first one went through: wait for its callback.",
  slow_response: "Gives up at its own timeout and sends the same request again; a 409 DUPLICATE_REFERENCE means the first one went through.",
  error_after_commit: "Treats a 5xx as an unknown outcome: the same request again, and a 409 DUPLICATE_REFERENCE means it went through.",
  unavailable: "Waits the Retry-After seconds, then sends the same request again, a bounded number of times.",
  rate_limited: "Waits the Retry-After seconds before calling that operation again.",
  token_expired: "Requests a new access token once and sends the call again with it.",
  lost_callback: "Waits for the callback as long as it expects to, then GETs the resource's status.",
  early_callback: "Accepts a callback for a resource it has not seen an answer for yet (keyed by reference), and does not process it twice.",
};

export type GatewayFaultRow = { name: GatewayFaultName; committed: boolean; sees: string; clientDoes: string };

/** Every fault, in GATEWAY_FAULTS' order. */
export const gatewayFaultRows = (): GatewayFaultRow[] => GATEWAY_FAULTS.map((f) => ({ name: f.name, committed: f.committed, sees: f.sees, clientDoes: CLIENT_DOES[f.name] }));
