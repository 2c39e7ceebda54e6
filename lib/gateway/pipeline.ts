// The gateway pipeline: small steps in the order README "How the sandbox
// behaves" lists the checks, one place that turns errors into the error body,
// one place that persists. See ARCHITECTURE.md.
import { ApiError, errorBody, toApiError, type ErrorCode } from "@/lib/errors";
import { GATEWAY_FAULT_CODES, MAX_BODY_BYTES } from "@/lib/engine";
import { clock, nowDate } from "@/lib/runtime";
import { newId } from "@/lib/ids";
import type { CallState, GatewayCall, GatewayResult, Step } from "./context";
import { persist } from "./persist";
import { readRefusedBody } from "./request-log";
import { gatewayStore, type GatewayStore } from "./store";
import { asApp, authenticate, authenticateAndCount } from "./steps/authenticate";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import { checkSubscription, checkSuspended, findOperation } from "./steps/access";
import { rateLimit } from "./steps/rate-limit";
import { parseInput } from "./steps/input";
import { readTimeScale } from "./steps/time-scale";
import { lookupFacts } from "./steps/facts";
import { checkReference } from "./steps/reference";
import { runScenario } from "./steps/scenario";
import { findDevEndpoint, parseDevInput, runDevEndpoint } from "./steps/devapi";
import { answerAfterCommit, applyFault, faultDelayMs } from "./gateway-faults";

/**
 * The order of checks (README: How the sandbox behaves), with the
 * codes each step can answer: the docs' errors page and OpenAPI read this list.
 */
export const CHECKS: readonly { name: string; step: Step; answers: readonly ErrorCode[]; note: string }[] = [
  { name: "authenticate", step: authenticateAndCount, answers: ["MISSING_TOKEN", "INVALID_TOKEN"], note: "a bearer token that is known, less than an hour old, of a key pair not revoked" },
  { name: "checkSuspended", step: checkSuspended, answers: ["APP_SUSPENDED"], note: "the app is not suspended" },
  { name: "findOperation", step: findOperation, answers: ["NO_SUCH_OPERATION"], note: "method and path match an operation of the catalog (a known path with another method: 404 with `Allow`)" },
  { name: "checkSubscription", step: checkSubscription, answers: ["NOT_SUBSCRIBED", "SUBSCRIPTION_PENDING"], note: "the app is subscribed to the operation's group, and the subscription is active" },
  { name: "rateLimit", step: rateLimit, answers: ["RATE_LIMITED"], note: "the call fits in the app's per-minute limit" },
  { name: "readTimeScale", step: readTimeScale, answers: ["VALIDATION_ERROR"], note: "`X-Svc-Time-Scale`, when sent, is a decimal from 0 to 1 (else the app's time scale applies)" },
  { name: "parseInput", step: parseInput, answers: ["INVALID_BODY", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR"], note: `the body is a JSON object (sent as \`application/json\`, or without a Content-Type) of at most ${MAX_BODY_BYTES / 1024} KiB whose fields follow their rules` },
  { name: "checkReference", step: checkReference, answers: [], note: "a Collect or payout `reference` already taken answers the operation's duplicate scenario (409 DUPLICATE_REFERENCE), whatever `X-Svc-Scenario`, a test number, `X-Svc-Fault` or the fault plan asks; no fault applies to it" },
  { name: "applyFault", step: applyFault, answers: GATEWAY_FAULT_CODES, note: "`X-Svc-Fault`, when sent, names a fault (lib/engine/gateway-faults.ts); one that commits nothing (`unavailable`, `rate_limited`, `token_expired`) answers here, `error_after_commit` answers 500 once the call is committed" },
  { name: "lookupFacts", step: lookupFacts, answers: [], note: "state for `tracked`, the reference and the float" },
  { name: "runScenario", step: runScenario, answers: [], note: "the engine" },
];

export const STEPS: readonly Step[] = CHECKS.map((c) => c.step);

/** The same steps for a call made as `app` by its signed-in owner (try-it): the app in place of the token check. */
export const stepsAs = (app: AuthenticatedApp): readonly Step[] => [asApp(app), ...STEPS.slice(1)];

/**
 * The developer endpoints' order of checks (lib/catalog/dev): the same token
 * and suspension checks, no subscription or per-minute limit; recorded in the
 * request log like any call.
 */
export const DEV_CHECKS: readonly { name: string; step: Step; answers: readonly ErrorCode[]; note: string }[] = [
  { ...CHECKS[0]!, step: authenticate },
  CHECKS[1]!,
  { name: "findDevEndpoint", step: findDevEndpoint, answers: ["NO_SUCH_OPERATION"], note: "method and path match a developer endpoint (a known path with another method: 404 with `Allow`)" },
  { name: "parseDevInput", step: parseDevInput, answers: ["INVALID_BODY", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR"], note: "the query (GET) or JSON body follows the endpoint's rules; no `X-Svc-Fault` (faults apply to operation calls only)" },
  { name: "runDevEndpoint", step: runDevEndpoint, answers: [], note: "the endpoint's handler (lib/devapi): the codes of the endpoint's own `errors` (lib/catalog/dev-endpoints)" },
];

export const DEV_STEPS: readonly Step[] = DEV_CHECKS.map((c) => c.step);

/** How many times one call is decided again after its commit found its facts changed (each time, another call was written). */
const MAX_DECISIONS = 8;

/** A scripted delay waits on the runtime's clock: a test clock moved on answers it early (server/clock-control.ts). */
const sleep = (ms: number) => new Promise<void>((r) => clock().after(ms, r));

function failure(s: CallState, e: unknown): GatewayResult {
  const err = toApiError(e, "gateway", s.requestId);
  return { status: err.status, headers: { ...s.headers, ...err.headers }, body: errorBody(err.code, err.message, s.requestId, err.details) };
}

/** Runs the steps; the first ApiError ends the call with its error body. */
async function decide(s: CallState, store: GatewayStore, steps: readonly Step[]): Promise<GatewayResult> {
  let result: GatewayResult;
  try {
    for (const step of steps) await step(s, store);
    const r = s.reply;
    if (r && "stream" in r) result = { status: 200, headers: { ...s.headers, ...r.headers }, body: null, stream: r.stream };
    else if (r) result = { status: r.status ?? s.endpoint?.status ?? 200, headers: { ...s.headers, ...r.headers }, body: r.body };
    else result = { status: s.answer!.status, headers: { ...s.headers, ...s.answer!.headers }, body: s.answer!.body };
  } catch (e) {
    result = failure(s, e);
    await readRefusedBody(s);
  }
  result.headers["x-request-id"] = s.requestId;
  return result;
}

export async function handleCall(call: GatewayCall, store: GatewayStore = gatewayStore(), steps: readonly Step[] = STEPS): Promise<GatewayResult> {
  const s: CallState = { call, requestId: newId("req"), receivedAt: nowDate(), started: performance.now(), headers: {} };
  try {
    const result = await runCall(s, store, steps);
    if (s.app) result.appId = s.app.id;
    return result;
  } finally {
    s.releaseHeld?.();
  }
}

async function runCall(s: CallState, store: GatewayStore, steps: readonly Step[]): Promise<GatewayResult> {
  let result = await decide(s, store, steps);
  // The engine already applied the call's time scale to the scripted delay.
  // A slow_response fault adds its lateness at the same scale (lib/gateway/gateway-faults.ts).
  const delay = () => (s.answer?.delayMs ?? 0) + faultDelayMs(s);
  const duration = () => Math.round(performance.now() - s.started + delay());
  try {
    // Another call claimed this reference, or took what the float had, since
    // the lookup (the commit re-checks both), or the reference was assumed
    // free (steps/reference.ts) and is not: the call is decided again on the facts
    // as they are now. Each miss after the first means another call was written.
    for (let again = 0; !(await persist(store, s, result, duration())); again++) {
      if (again === MAX_DECISIONS) throw new ApiError("SERVICE_UNAVAILABLE", "too many calls at once on this reference or float; try again");
      // Nothing of the decision the commit refused is kept: a step that fails now commits only its log row.
      s.answer = undefined;
      s.facts = undefined;
      result = await decide(s, store, steps.slice(steps.indexOf(checkReference)));
    }
  } catch (e) {
    result = failure(s, e);
    result.headers["x-request-id"] = s.requestId;
    return result;
  }
  result = await answerAfterCommit(s, result);
  // The scripted delay is added after the work, so latency minus delay is the gateway's own cost.
  const ms = delay();
  if (ms > 0) await sleep(ms);
  return result;
}
