// Picking the scenario (README, "How the sandbox behaves": a taken reference, the header, then test
// numbers, then the catalog's triggers with `tracked` first, then the default). Pure.
import type { Operation, Scenario, Trigger } from "@/lib/catalog";
import { takenReferenceScenario } from "./reference";
import type { Facts, TestNumber } from "./types";

export const SCENARIO_HEADER = "x-svc-scenario";
/** On a scenario's answer: the X-Svc-Scenario key that was sent but is not the operation's, so it was ignored. */
export const SCENARIO_IGNORED_HEADER = "x-svc-scenario-ignored";

/** The operation's scenario that X-Svc-Scenario names (whitespace around the key ignored), if any. */
const forcedScenario = (op: Operation, headerKey?: string | null): Scenario | undefined =>
  headerKey ? op.scenarios.find((s) => s.key === headerKey.trim()) : undefined;

/**
 * The key X-Svc-Scenario sent when it is not one of the operation's (rule 1
 * below ignores it), as a header value: visible ASCII kept, every other byte
 * and "%" percent-encoded, at most 100 characters of the key. Undefined when
 * no key was sent or it was the operation's.
 */
export function ignoredScenarioKey(op: Operation, headerKey?: string | null): string | undefined {
  const key = headerKey?.trim();
  if (!key || forcedScenario(op, key)) return undefined;
  return [...new TextEncoder().encode(key.slice(0, 100))].map((b) => (b > 0x20 && b < 0x7f && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
}

/** Values are compared as text, so 1 and "1" both match. */
export function triggerMatches(t: Trigger, input: { params: Record<string, string>; body: Record<string, unknown> }, facts: Facts): boolean {
  if ("state" in t) return Boolean(facts[t.state]);
  const [where, name] = [t.field.slice(0, 4), t.field.slice(5)];
  const value = where === "path" ? input.params[name] : input.body[name];
  return value !== undefined && value !== null && typeof value !== "object" && String(value) === String(t.value);
}

export function defaultScenario(op: Operation): Scenario {
  return op.scenarios.find((s) => s.default)!;
}

/** The scenario of the first of the app's test numbers of this operation whose field equals its value (as text). */
export function testNumberScenario(
  op: Operation,
  input: { params: Record<string, string>; body: Record<string, unknown> },
  testNumbers: readonly TestNumber[],
): Scenario | undefined {
  for (const n of testNumbers) {
    if (n.operationId !== op.id || !triggerMatches({ field: n.field, value: n.value }, input, {})) continue;
    const s = op.scenarios.find((x) => x.key === n.scenarioKey);
    if (s) return s;
  }
  return undefined;
}

/**
 * 0. A reference already taken (facts referenceTaken, referenceUsed) answers
 *    the operation's duplicate scenario, whatever else asks (./reference.ts).
 * 1. A scenario key in X-Svc-Scenario that belongs to the operation wins (test
 *    numbers, magic values and state are ignored); any other key is ignored.
 * 2. Otherwise the app's first test number of the operation whose value the
 *    field has (before magic values and state).
 * 3. Otherwise the first scenario, in catalog order, whose trigger matches.
 * 4. Otherwise the default.
 */
export function selectScenario(
  op: Operation,
  input: { params: Record<string, string>; body: Record<string, unknown> },
  facts: Facts,
  headerKey?: string | null,
  testNumbers: readonly TestNumber[] = [],
): Scenario {
  const forced = takenReferenceScenario(op, facts) ?? forcedScenario(op, headerKey);
  if (forced) return forced;
  return testNumberScenario(op, input, testNumbers)
    ?? op.scenarios.find((s) => s.triggers?.some((t) => triggerMatches(t, input, facts)))
    ?? defaultScenario(op);
}
