// How the docs word a scenario's trigger. State triggers are facts the gateway
// looks up (lib/gateway/steps/facts.ts, reference.ts); each needs a sentence here.
import type { FactName, Scenario, Trigger } from "@/lib/catalog";

const FACTS: Record<FactName, string> = {
  tracked: "the path id is a resource your app created",
  referenceTaken: "your app has a PENDING or COMPLETED prompt with the same reference (a FAILED one frees it); checked before X-Svc-Scenario, test numbers and gateway faults",
  referenceUsed: "your app already used this reference; checked before X-Svc-Scenario, test numbers and gateway faults",
  floatLow: "the amount is more than your float has available in its currency (GET /dev/v1/float)",
};

export function triggerText(t: Trigger): string {
  return "state" in t ? FACTS[t.state] : `${t.field} = ${JSON.stringify(String(t.value))}`;
}

export function scenarioTriggerText(s: Scenario): string {
  if (s.triggers?.length) return s.triggers.map(triggerText).join(", or ");
  return s.default ? "none (default)" : "header only";
}

