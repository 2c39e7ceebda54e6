// A reference is money's idempotency (contract, "Added 2026-11-27": References).
// Whether a call's reference is already taken is known before any scenario is
// chosen, and a taken one answers the operation's duplicate scenario whatever
// X-Svc-Scenario, a test number, a fault or a fault plan asks: the one rule,
// which selectScenario applies first and the gateway's checkReference step
// (lib/gateway/steps/reference.ts) looks up for every entry point. Pure.
import type { FactName, Operation, Scenario } from "@/lib/catalog";
import type { Facts } from "./types";

/** `referenceTaken`: Collect's (PENDING or COMPLETED; a FAILED prompt frees it). `referenceUsed`: Payouts' (taken for good). */
export type ReferenceFact = Extract<FactName, "referenceTaken" | "referenceUsed">;
const isReferenceFact = (f: FactName): f is ReferenceFact => f === "referenceTaken" || f === "referenceUsed";

const referenceScenarioOf = (op: Operation): { fact: ReferenceFact; scenario: Scenario } | undefined => {
  for (const scenario of op.scenarios) {
    for (const t of scenario.triggers ?? []) if ("state" in t && isReferenceFact(t.state)) return { fact: t.state, scenario };
  }
  return undefined;
};

/** The fact that says `op`'s reference is taken (the trigger of its duplicate scenario); undefined for an operation without a reference rule. */
export const referenceFact = (op: Operation): ReferenceFact | undefined => referenceScenarioOf(op)?.fact;

/** The scenario a taken reference answers, when `facts` say it is taken: it wins over everything else (selectScenario's rule 0). */
export function takenReferenceScenario(op: Operation, facts: Facts): Scenario | undefined {
  const r = referenceScenarioOf(op);
  return r && facts[r.fact] ? r.scenario : undefined;
}

/**
 * Whether a resource of `op` had freed its reference by `at` (Collect: its
 * prompt settled on a scenario that failed it). The stores' `referenceTaken`
 * statement is the same rule in SQL, over the same `failedScenarioKeys`.
 */
export function freedReference(op: Operation, r: { scenarioKey: string; settlesAt: Date | null }, at: Date): boolean {
  return referenceFact(op) === "referenceTaken" && r.settlesAt !== null && at >= r.settlesAt && failedScenarioKeys(op).includes(r.scenarioKey);
}

/**
 * The scenarios after which a settled resource of `op` has FAILED (its
 * outcome's resultCode is not 0: the live state the operation's builder
 * answers). A Collect reference is free again once its prompt settled on one
 * of them; the stores' `referenceTaken` statement binds them.
 */
export const failedScenarioKeys = (op: Operation): string[] =>
  op.scenarios.filter((s) => {
    const code = (s.outcome as { resultCode?: unknown }).resultCode;
    return typeof code === "number" && code !== 0;
  }).map((s) => s.key);
