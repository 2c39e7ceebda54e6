// Which receiver-check case an inbox entry is, for the listeners' feed
// (listen-feed.ts): a check records its cases' delivery ids and names before
// posting them (receiver-cases.ts caseIdsText). valid and duplicate carry the
// same id: the first entry of that id is valid, the next the duplicate.
import type { Db } from "@/lib/db/prisma";
import { caseNamesById } from "./receiver-cases";

export type CheckCase = { name: string | null; operation: string };

/** Inbox entry seq → its case, for the entries of the app carrying one of `ids` that a check of the app posted. */
export async function checkCaseNames(db: Db, appId: string, ids: string[]): Promise<Map<number, CheckCase>> {
  const out = new Map<number, CheckCase>();
  if (!ids.length) return out;
  const checks = await db.receiverCheck.findMany({
    where: { appId, OR: ids.map((id) => ({ deliveryIds: { contains: id } })) },
    select: { deliveryIds: true, operationId: true },
  });
  const cases = new Map<string, { names: string[]; operation: string }>();
  for (const c of checks) {
    for (const [id, names] of caseNamesById(c.deliveryIds)) if (ids.includes(id)) cases.set(id, { names, operation: c.operationId });
  }
  if (!cases.size) return out;
  const entries = await db.inboxEntry.findMany({ where: { appId, deliveryId: { in: [...cases.keys()] } }, orderBy: { seq: "asc" }, select: { seq: true, deliveryId: true } });
  const arrived = new Map<string, number>();
  for (const e of entries) {
    const { names, operation } = cases.get(e.deliveryId!)!;
    const n = arrived.get(e.deliveryId!) ?? 0;
    arrived.set(e.deliveryId!, n + 1);
    out.set(e.seq, { name: names[Math.min(n, names.length - 1)] ?? null, operation });
  }
  return out;
}
