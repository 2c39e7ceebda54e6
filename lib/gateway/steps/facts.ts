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
  // Looked up before the fault by checkReference (./reference.ts), the one home of the reference rule.
  referenceTaken: async (s) => s.referenceTaken,
  referenceUsed: async (s) => s.referenceTaken,
  // What the float has now; the commit reserves atomically (lib/gateway/store/types.ts commit) or the call is decided again.
  async floatLow(s, store) {
    const ask = floatAsk(s.op!, s.input!.body);
    if (!ask) return undefined;
    s.floatMet = { currency: ask.currency, available: await store.floatAvailable(s.app!.id, ask.currency) };
    return s.floatMet.available < ask.amount;
  },
};

/** The facts the operation's triggers ask about, for the engine's choice (lib/engine/select.ts). */
export const lookupFacts: Step = async (s, store) => {
  const names = new Set(s.op!.scenarios.flatMap((sc) => sc.triggers ?? []).flatMap((t) => ("state" in t ? [t.state] : [])));
  const facts: Facts = {};
  for (const name of names) (facts as Record<string, unknown>)[name] = await lookups[name](s, store);
  s.facts = facts;
};
