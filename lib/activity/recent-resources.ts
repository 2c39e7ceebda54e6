// An app's newest resources of one kind (the status operations' ids: chk_, pay_,
// ver_, msg_), for the try-it panel's id field (lib/docs/fill.ts), so the
// `tracked` scenario runs on a resource the app really has.
import { operations, type Operation } from "@/lib/catalog";
import { db } from "@/lib/db/prisma";

export type RecentResource = { id: string; reference: string | null; createdAt: string };

/** The operations that create the resources `op` reads: the POSTs of the same resource prefix. */
const creators = (op: Operation) => operations.filter((o) => o.method === "POST" && o.resource.prefix === op.resource.prefix).map((o) => o.id);

/** The app's newest resources that `op` (a GET on one resource) can read, newest first. */
export async function recentResources(appId: string, op: Operation, take = 8): Promise<RecentResource[]> {
  if (op.method !== "GET") return [];
  const rows = await db.resource.findMany({
    where: { appId, operationId: { in: creators(op) } },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, reference: true, createdAt: true },
  });
  return rows.map((r) => ({ id: r.id, reference: r.reference, createdAt: r.createdAt.toISOString() }));
}
