// Sample answers for the docs: the real engine run on the example body with a
// fixed clock and fixed ids, so the pages show exactly what the sandbox sends.
import type { Operation, Scenario } from "@/lib/catalog";
import { run, validateInput, type Answer, type EngineContext } from "@/lib/engine";
import { exampleBody, exampleParams } from "./examples";

export const SAMPLE_TIME = new Date("2026-11-21T09:30:00.123Z");

export const sampleContext = (): EngineContext => ({
  now: SAMPLE_TIME,
  requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd",
  newId: (prefix) => `${prefix}_3kTMd9qLw0vYx2pZbR7cNe`,
  newReceipt: () => "SKQ7M2X9PL",
});

/** What `scenario` answers to the example request (forced by the scenario header, like the gateway does). */
export function sampleAnswer(op: Operation, scenario: Scenario): Answer {
  const input = validateInput(op, exampleParams(op), exampleBody(op) ?? {});
  return run(op, input, {}, scenario.key, sampleContext());
}
