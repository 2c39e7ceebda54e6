// Sample answers for the docs: the real engine run on the example body with a
// fixed clock and fixed ids, so the pages show exactly what the portal sends.
import { operations, type Operation, type Scenario } from "@/lib/catalog";
import { defaultScenario, run, scenarioRequest, validateInput, type Answer, type EngineContext, type Facts } from "@/lib/engine";

export const SAMPLE_TIME = new Date("2026-11-21T09:30:00.123Z");

export const sampleContext = (): EngineContext => ({
  now: SAMPLE_TIME,
  requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd",
  newId: (prefix) => `${prefix}_3kTMd9qLw0vYx2pZbR7cNe`,
  newReceipt: () => "SKQ7M2X9PL",
});

export { scenarioRequest };

/** For `tracked`: the resource the sibling operation creates by default, settled by SAMPLE_TIME. */
function trackedFacts(op: Operation): Facts {
  const creator = operations.find((o) => o.method === "POST" && o.resource.prefix === op.resource.prefix);
  const created = creator && sampleAnswer(creator, defaultScenario(creator)).resource;
  if (!creator || !created) return {};
  return { tracked: { id: created.id, scenarioKey: defaultScenario(creator).key, settlesAt: new Date(SAMPLE_TIME.getTime() - 1000), data: created.data } };
}

/** What `scenario` answers to a request (by default its example request, scenarioRequest), forced by the scenario header as the gateway does. */
export function sampleAnswer(op: Operation, scenario: Scenario, req: { params: Record<string, string>; body?: Record<string, unknown> } = scenarioRequest(op, scenario)): Answer {
  const input = validateInput(op, req.params, req.body ?? {});
  const facts = scenario.triggers?.some((t) => "state" in t && t.state === "tracked") ? trackedFacts(op) : {};
  return run(op, input, facts, scenario.key, sampleContext());
}
