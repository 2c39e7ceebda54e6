// The app's held resources, newest first: what the console's Handset draws
// (each prompt as the customer's phone shows it) and GET /dev/v1/resources/held
// answers. Resolving one is lib/callbacks/held.ts. Callers check ownership first.
import { operationById } from "@/lib/catalog";
import { config } from "@/lib/runtime";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { expiryScenario, resolutionScenarios, type HoldRecord } from "@/lib/engine";

/** At most this many, the newest (more stay held; the timeline and resolve still reach them by id). */
export const HELD_LIST_MAX = 100;

export async function heldResources(appId: string, db: Db = defaultDb) {
  const rows = await db.resource.findMany({
    where: { appId, heldAt: { not: null }, resolvedAt: null },
    orderBy: { heldAt: "desc" },
    take: HELD_LIST_MAX,
    select: { id: true, operationId: true, reference: true, heldAt: true, hold: true },
  });
  const resources = rows.flatMap((r) => {
    const op = operationById(r.operationId);
    if (!op || !r.heldAt || !r.hold) return [];
    const hold = JSON.parse(r.hold) as HoldRecord;
    const expiry = expiryScenario(op);
    return [{
      id: r.id,
      operationId: op.id,
      reference: r.reference,
      heldAt: r.heldAt.toISOString(),
      /** The request body the call sent, and the answer it got (e.g. Collect's customerMessage). */
      request: hold.input.body,
      accepted: hold.accepted,
      /** The scenarios it can be resolved with, in catalog order. */
      outcomes: resolutionScenarios(op).map((s) => ({ key: s.key, summary: s.summary })),
      /** When it resolves by itself, and as what (null: it stays held until resolved). */
      expires: expiry ? { scenarioKey: expiry.key, at: new Date(r.heldAt.getTime() + config.heldTimeoutMs).toISOString() } : null,
    }];
  });
  return { resources };
}
export type HeldResource = Awaited<ReturnType<typeof heldResources>>["resources"][number];
