// Picking and running a scenario: what the gateway, the try-it panel and MCP call.
import type { Operation } from "@/lib/catalog";
import { answer } from "./answer";
import { parseJsonBody, validateInput, type OperationInput } from "./request";
import { ignoredScenarioKey, SCENARIO_IGNORED_HEADER, selectScenario } from "./select";
import type { Answer, EngineContext, Facts } from "./types";

/** Pick and run the scenario for an already validated input; a header key that is not the operation's is named in the answer's headers. */
export function run(op: Operation, input: OperationInput, facts: Facts, headerKey: string | null | undefined, ctx: EngineContext): Answer {
  const a = answer(op, selectScenario(op, input, facts, headerKey, ctx.testNumbers), input, facts, ctx);
  const ignored = ignoredScenarioKey(op, headerKey);
  return ignored ? { ...a, headers: { ...a.headers, [SCENARIO_IGNORED_HEADER]: ignored } } : a;
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
