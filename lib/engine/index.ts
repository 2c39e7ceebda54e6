// The scenario engine: pure functions from a request to an answer. No next, no
// database. The gateway, the try-it panel and MCP all run exactly this code.
import type { Operation } from "@/lib/catalog";
import { answer } from "./answer";
import { parseJsonBody, validateInput, type OperationInput } from "./request";
import { selectScenario } from "./select";
import type { Answer, EngineContext, Facts } from "./types";

export * from "./types";
export { answer, callbackTarget, isErrorOutcome } from "./answer";
export { expiryScenario, heldScenario, liveState, resolutionScenario, resolutionScenarios, resolutionTimeScale, resolveHold } from "./hold";
export { parseJsonBody, validateInput, checkDepth, fieldIssues, magicValue, MAX_BODY_BYTES, MAX_JSON_DEPTH, type OperationInput } from "./request";
export { selectScenario, testNumberScenario, triggerMatches, defaultScenario, SCENARIO_HEADER } from "./select";
export { resolveTimeScale, scaled, TIME_SCALE_HEADER } from "./time-scale";

/** Pick and run the scenario for an already validated input. */
export function run(op: Operation, input: OperationInput, facts: Facts, headerKey: string | null | undefined, ctx: EngineContext): Answer {
  return answer(op, selectScenario(op, input, facts, headerKey, ctx.testNumbers), input, facts, ctx);
}

/** From raw text to answer, with no state: what the try-it panel runs. Throws ApiError for body and validation errors. */
export function simulate(
  op: Operation,
  raw: { params: Record<string, string>; bodyText: string; scenarioKey?: string | null },
  ctx: EngineContext,
): Answer {
  const body = op.body ? parseJsonBody(raw.bodyText) : {};
  const input = validateInput(op, raw.params, body);
  return run(op, input, {}, raw.scenarioKey, ctx);
}
