import type { FactName } from "@/lib/catalog";
import { floatAsk, type Facts } from "@/lib/engine";
import type { CallState, Step } from "../context";
import type { GatewayStore } from "../store";

/** The state a scenario's trigger may ask about, looked up only for this app's own resources. */
const lookups: Record<FactName, (s: CallState, store: GatewayStore) => Promise<Facts[FactName]>> = {
  async tracked(s, store) {
    const id = s.params![s.op!.resource.idField];
    if (!id?.startsWith(`${s.op!.resource.prefix}_`)) return undefined;
    return (await store.findResource(s.app!.id, id)) ?? undefined;
  },
  // Assumed free on a call's first decision (see lookupFacts); looked up when it is decided again.
  referencePending: async (s, store) => !s.referenceAssumed && store.referenceInUse(s.app!.id, s.op!.id, referenceOf(s), s.receivedAt),
  referenceUsed: async (s, store) => !s.referenceAssumed && store.referenceInUse(s.app!.id, s.op!.id, referenceOf(s)),
  // What the float has now; the commit reserves atomically (lib/gateway/store/types.ts commit) or the call is decided again.
  async floatLow(s, store) {
    const ask = floatAsk(s.op!, s.input!.body);
    if (!ask) return undefined;
    s.floatMet = { currency: ask.currency, available: await store.floatAvailable(s.app!.id, ask.currency) };
    return s.floatMet.available < ask.amount;
  },
};

function referenceOf(s: CallState): string {
  return String(s.input!.body[s.op!.referenceField!] ?? "");
}

/**
 * On a call's first decision a reference is assumed free, with no statement:
 * the commit re-checks it atomically with its inserts anyway (the guard
 * below), and a new reference is the common case. When the reference was in
 * use after all, or the answer chosen on the assumption writes no guarded
 * resource (so nothing would re-check it), persist.ts returns false and the
 * call is decided again from here, with the reference looked up.
 */
export const lookupFacts: Step = async (s, store) => {
  const names = new Set(s.op!.scenarios.flatMap((sc) => sc.triggers ?? []).flatMap((t) => ("state" in t ? [t.state] : [])));
  s.referenceAssumed = s.facts === undefined && (names.has("referencePending") || names.has("referenceUsed"));
  const facts: Facts = {};
  for (const name of names) (facts as Record<string, unknown>)[name] = await lookups[name](s, store);
  s.facts = facts;
  // Chosen on "this reference is free": the commit claims it atomically (lib/gateway/store/types.ts ReferenceGuard).
  const free = (n: "referencePending" | "referenceUsed") => names.has(n) && facts[n] === false;
  s.referenceGuard = free("referencePending") || free("referenceUsed")
    ? { operationId: s.op!.id, reference: referenceOf(s), ...(free("referencePending") ? { pendingAt: s.receivedAt } : {}) }
    : undefined;
};
