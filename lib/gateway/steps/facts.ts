import type { FactName } from "@/lib/catalog";
import type { Facts, TrackedResource } from "@/lib/engine";
import type { Db } from "@/lib/db/client";
import type { CallState, Step } from "../context";

/** The state a scenario's trigger may ask about, looked up only for this app's own resources. */
const lookups: Record<FactName, (s: CallState, db: Db) => Promise<Facts[FactName]>> = {
  async tracked(s, db) {
    const id = s.params![s.op!.resource.idField];
    if (!id?.startsWith(`${s.op!.resource.prefix}_`)) return undefined;
    const r = await db.resource.findFirst({ where: { id, appId: s.app!.id } });
    if (!r) return undefined;
    return { id: r.id, scenarioKey: r.scenarioKey, settlesAt: r.settlesAt, data: JSON.parse(r.data) } satisfies TrackedResource;
  },
  async referencePending(s, db) {
    return Boolean(await db.resource.findFirst({
      where: { appId: s.app!.id, operationId: s.op!.id, reference: referenceOf(s), settlesAt: { gt: s.receivedAt } },
      select: { id: true },
    }));
  },
  async referenceUsed(s, db) {
    return Boolean(await db.resource.findFirst({
      where: { appId: s.app!.id, operationId: s.op!.id, reference: referenceOf(s) },
      select: { id: true },
    }));
  },
};

function referenceOf(s: CallState): string {
  return String(s.input!.body[s.op!.referenceField!] ?? "");
}

export const lookupFacts: Step = async (s, db) => {
  const names = new Set(s.op!.scenarios.flatMap((sc) => sc.triggers ?? []).flatMap((t) => ("state" in t ? [t.state] : [])));
  const facts: Facts = {};
  for (const name of names) (facts as Record<string, unknown>)[name] = await lookups[name](s, db);
  s.facts = facts;
};
