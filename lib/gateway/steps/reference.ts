import { FAULT_HEADER, planRulesFor, referenceFact } from "@/lib/engine";
import type { CallState, Step } from "../context";

export const referenceOf = (s: CallState): string => String(s.input!.body[s.op!.referenceField!] ?? "");

/** Whether a fault may apply to the call (X-Svc-Fault, or a fault plan with rules for the operation): applyFault acts before the commit would re-check. */
const mayFault = (s: CallState): boolean => s.call.headers.get(FAULT_HEADER) !== null || planRulesFor(s.app!.faultPlan, s.op!.id).length > 0;

/**
 * Before the fault and the scenario (lib/engine/reference.ts): is the call's
 * reference taken? A taken one answers the operation's duplicate scenario,
 * whatever the scenario header, a test number, a fault or a fault plan asks
 * (applyFault then applies none). A free one is claimed by the commit
 * atomically with its inserts (`referenceGuard`, lib/gateway/store/types.ts).
 *
 * On a call's first decision, when nothing before the commit acts on the
 * answer (no fault may apply), the reference is assumed free with no
 * statement: a new reference is the common case and the commit re-checks it
 * anyway. When it was taken after all, or the answer chosen writes no guarded
 * resource (so nothing would re-check it), persist.ts returns false and the
 * call is decided again from this step, with the reference looked up.
 */
export const checkReference: Step = async (s, store) => {
  const fact = referenceFact(s.op!);
  if (!fact) return;
  const guard = { operationId: s.op!.id, reference: referenceOf(s), ...(fact === "referenceTaken" ? { asOf: s.receivedAt } : {}) };
  const assumed = s.referenceAssumed === undefined && !mayFault(s);
  // Looked up before anything is set: a lookup that fails leaves no decision behind to commit.
  const taken = assumed ? false : await store.referenceInUse(s.app!.id, guard.operationId, guard.reference, guard.asOf);
  s.referenceAssumed = assumed;
  s.referenceTaken = taken;
  s.referenceGuard = taken ? undefined : guard;
};
