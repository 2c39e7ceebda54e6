// How the pipeline applies a fault of lib/engine/gateway-faults.ts (X-Svc-Fault; MCP's
// `fault` argument travels in the same header; without the header, the app's
// fault plan, lib/engine/fault-plan.ts): a step after every check
// refuses a call the fault does not commit, a slow answer or one that waits for
// its early callback takes a held connection's slot (lib/devapi/held-connections.ts); after the commit, the answer of a
// committed one is dropped, held or replaced, or waits for its early callback.
// The callback's own part is decided when it is scheduled (persist.ts →
// lib/callbacks/store/deliveries.ts `gatewayFaultOnDelivery`).
import { attemptWakeups } from "@/lib/callbacks/attempt";
import { watchDelivery } from "@/lib/devapi/watch";
import { takeHeld } from "@/lib/devapi/held-connections";
import { ERROR_AFTER_COMMIT, FAULT_HEADER, gatewayFaultNamed, plannedFault, planRulesFor, resolveGatewayFault, scaled, type GatewayFault } from "@/lib/engine";
import { ApiError, errorBody } from "@/lib/errors";
import type { CallState, GatewayResult, Step } from "./context";
import type { GatewayStore } from "./store";
import { refuse } from "./steps/authenticate";

/** How long an early_callback's answer waits for its callback's post (the dispatcher's 10 s wait, and a margin). */
const EARLY_CALLBACK_WAIT_MS = 15_000;

/**
 * Without the header, the app's fault plan: a call of an operation the plan
 * has rules for is numbered (one atomic count in the store) and gets the
 * fault of the first rule matching its number. Other calls are not counted.
 */
async function planned(s: CallState, store: GatewayStore): Promise<GatewayFault | null> {
  const rules = planRulesFor(s.app!.faultPlan, s.op!.id);
  if (rules.length === 0) return null;
  return gatewayFaultNamed(plannedFault(rules, await store.countPlanCall(s.app!.id, s.op!.id))) ?? null;
}

/**
 * Whether a fault holds its caller's connection open like a wait: a
 * slow_response (its lateness) and an early_callback (its callback's post, up
 * to the callback wait, before the answer).
 */
const holdsConnection = (f: GatewayFault) => f.answer === "late" || f.callback === "early";

/**
 * After every check: the call's fault, from X-Svc-Fault (VALIDATION_ERROR
 * naming it for an unknown name), else from the app's plan. A fault that
 * commits nothing ends the call here with its error, leaving only the log
 * row; token_expired first expires the token. A slow_response or an
 * early_callback holds its connection like a wait: past the app's, account's or instance's cap, 429
 * with Retry-After before anything is committed; the slot is given back once
 * its answer is ready (handleCall).
 */
export const applyFault: Step = async (s, store) => {
  // Chosen once, on the call's first decision: the header checked whatever the reference; the plan numbers the
  // calls it covers, but not one whose reference is taken (it draws no fault: the next call gets the one it would have).
  if (s.fault === undefined) {
    const header = s.call.headers.get(FAULT_HEADER);
    s.fault = header !== null ? resolveGatewayFault(header) : s.referenceTaken ? null : await planned(s, store);
  }
  // A taken reference answers its duplicate scenario whatever the fault (steps/reference.ts).
  if (s.referenceTaken) s.fault = null;
  if (!s.fault) {
    delete s.headers[FAULT_HEADER];
    return;
  }
  s.headers[FAULT_HEADER] = s.fault.name;
  if (holdsConnection(s.fault) && !s.releaseHeld) s.releaseHeld = await takeHeld("wait", s.app!.id);
  const r = s.fault.refuse;
  if (!r) return;
  if (r.expiresToken) {
    if (s.tokenHash) await store.expireToken(s.tokenHash, s.receivedAt);
    throw refuse("INVALID_TOKEN", r.message);
  }
  throw new ApiError(r.error, r.message, r.retryAfterSeconds ? { "retry-after": String(r.retryAfterSeconds) } : {});
};

/** On a developer endpoint or anywhere a fault has no meaning: 400 naming the header. */
export function refuseFaultHeader(headers: { get(name: string): string | null }, where: string): void {
  if (headers.get(FAULT_HEADER) === null) return;
  const field = "X-Svc-Fault";
  const message = `${field} applies to operation calls only, not to ${where}`;
  throw new ApiError("VALIDATION_ERROR", message, {}, [{ field, message }]);
}

/** The extra delay of a slow_response that was answered (one refused, say past the held-connection caps, answers at once): its lateness at the call's time scale. */
export const faultDelayMs = (s: CallState): number =>
  s.fault?.answer === "late" && s.answer ? scaled(s.fault.lateMs ?? 0, s.timeScale ?? 1) : 0;

/** After the commit: what the client of a committed fault's call sees instead of (or after) the committed answer. */
export async function answerAfterCommit(s: CallState, result: GatewayResult): Promise<GatewayResult> {
  const fault = s.fault;
  if (!fault?.committed) return result;
  if (fault.callback === "early" && s.deliveryId) {
    const stop = watchDelivery(s.app!.id, s.deliveryId);
    try {
      await attemptWakeups.wait(s.deliveryId, EARLY_CALLBACK_WAIT_MS);
    } finally {
      stop();
    }
  }
  if (fault.answer === "dropped") return { ...result, drop: true };
  if (fault.answer === "error") {
    const err = new ApiError(ERROR_AFTER_COMMIT.error, ERROR_AFTER_COMMIT.message);
    return { status: err.status, headers: { ...s.headers, "x-request-id": s.requestId }, body: errorBody(err.code, err.message, s.requestId) };
  }
  return result;
}
