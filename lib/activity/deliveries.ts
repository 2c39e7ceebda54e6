// Callback delivery reads for the console: keyset-paged on `seq` (newest
// first), filtered by state. Callers check ownership first (ownedApp).
// Sending again is lib/callbacks' resendDelivery.
import { z } from "zod";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { relaysOfDelivery } from "@/lib/inspector/relays";
import { deliveryLinks } from "./links";
import { pageSchema } from "./requests";

/** What the console filters by; "scheduled" covers a delivery being sent right now. */
export const DELIVERY_FILTERS = {
  delivered: ["DELIVERED"],
  failed: ["FAILED"],
  not_sent: ["NOT_SENT"],
  scheduled: ["SCHEDULED", "SENDING"],
} as const;

export const deliveryFiltersSchema = z.object({
  state: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["delivered", "failed", "not_sent", "scheduled"], { error: "state must be one of delivered, failed, not_sent, scheduled" }).optional(),
  ),
  operation: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(64).optional()),
  ...pageSchema,
});
export type DeliveryFilters = z.output<typeof deliveryFiltersSchema>;

export async function listDeliveries(appId: string, f: DeliveryFilters, db: Db = defaultDb) {
  const take = f.take ?? 50;
  const rows = await db.delivery.findMany({
    where: {
      appId,
      ...(f.state ? { state: { in: [...DELIVERY_FILTERS[f.state]] } } : {}),
      ...(f.operation ? { operationId: f.operation } : {}),
      ...(f.before ? { seq: { lt: f.before } } : {}),
    },
    orderBy: { seq: "desc" },
    take: take + 1,
    select: {
      seq: true, id: true, operationId: true, scenarioKey: true, url: true, state: true,
      attempts: true, lastStatus: true, lastError: true, dueAt: true, createdAt: true,
    },
  });
  return { items: rows.slice(0, take), nextBefore: rows.length > take ? rows[take - 1]!.seq : null };
}

/** One delivery with its body and every attempt (oldest first). */
export async function getDelivery(appId: string, deliveryId: string, db: Db = defaultDb) {
  const d = await db.delivery.findFirst({
    where: { id: deliveryId, appId },
    include: { attemptLog: { orderBy: { id: "asc" } } },
  });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  const { attemptLog, leaseUntil: _lease, ...rest } = d;
  return { ...rest, attemptLog, links: await deliveryLinks(appId, d, db), relays: await relaysOfDelivery(appId, d.id, db) };
}
export type DeliveryDetail = Awaited<ReturnType<typeof getDelivery>>;
export type DeliverySummary = Awaited<ReturnType<typeof listDeliveries>>["items"][number];
