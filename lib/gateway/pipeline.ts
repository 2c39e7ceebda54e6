// The gateway pipeline: small steps in the spec's order, one place that turns
// errors into the error body, one place that persists. See ARCHITECTURE.md.
import { db as defaultDb, type Db } from "@/lib/db/client";
import { errorBody, toApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CallState, GatewayCall, GatewayResult, Step } from "./context";
import { persist } from "./persist";
import { authenticate } from "./steps/authenticate";
import { checkSubscription, checkSuspended, findOperation } from "./steps/access";
import { rateLimit } from "./steps/rate-limit";
import { parseInput } from "./steps/input";
import { lookupFacts } from "./steps/facts";
import { runScenario } from "./steps/scenario";

/** The order of checks (contract: Order of checks on a gateway call). */
export const STEPS: readonly Step[] = [
  authenticate, // MISSING_TOKEN, INVALID_TOKEN
  checkSuspended, // APP_SUSPENDED
  findOperation, // NO_SUCH_OPERATION
  checkSubscription, // NOT_SUBSCRIBED, SUBSCRIPTION_PENDING
  rateLimit, // RATE_LIMITED
  parseInput, // INVALID_BODY, BODY_TOO_LARGE, VALIDATION_ERROR
  lookupFacts, // state for `tracked` and reference rules
  runScenario, // the engine
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function failure(s: CallState, e: unknown): GatewayResult {
  const err = toApiError(e, "gateway", s.requestId);
  return { status: err.status, headers: { ...s.headers, ...err.headers }, body: errorBody(err.code, err.message, s.requestId) };
}

export async function handleCall(call: GatewayCall, db: Db = defaultDb, steps: readonly Step[] = STEPS): Promise<GatewayResult> {
  const s: CallState = { call, requestId: newId("req"), receivedAt: new Date(), started: performance.now(), headers: {} };
  let result: GatewayResult;
  try {
    for (const step of steps) await step(s, db);
    const a = s.answer!;
    result = { status: a.status, headers: { ...s.headers, ...a.headers }, body: a.body };
  } catch (e) {
    result = failure(s, e);
  }
  result.headers["x-request-id"] = s.requestId;
  const delay = s.answer?.delayMs ?? 0;
  try {
    await persist(db, s, result, Math.round(performance.now() - s.started + delay));
  } catch (e) {
    result = failure(s, e);
    result.headers["x-request-id"] = s.requestId;
    return result;
  }
  // The scripted delay is added after the work, so latency minus delay is the gateway's own cost.
  if (delay > 0) await sleep(delay);
  return result;
}
