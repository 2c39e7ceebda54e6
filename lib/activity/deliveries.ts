// Callback delivery reads for the console: keyset-paged on `seq` (newest
// first), filtered by state and operation, searched by delivery id, resource id,
// reference (links.ts deliveryIdsFor, the inspector's search) or callback URL,
// with the totals per state. Callers check ownership first (ownedApp).
// Sending again is lib/callbacks' resendDelivery.
import { deliveryWithAttempts } from "./delivery-read";
import { z } from "zod";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { relaysOfDelivery } from "@/lib/inspector/relays";
import { deliveryIdsFor, deliveryLinks } from "./links";
import { pageSchema, searchText } from "./requests";

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
  /** A delivery id, a resource id, a reference, or part of the callback URL. */
  q: searchText,
  ...pageSchema,
});
export type DeliveryFilters = z.output<typeof deliveryFiltersSchema>;
export type DeliveryState = keyof typeof DELIVERY_FILTERS;
export type DeliveryTotals = Record<DeliveryState, number>;

const STATE_OF = Object.fromEntries(Object.entries(DELIVERY_FILTERS).flatMap(([k, states]) => states.map((s) => [s, k as DeliveryState])));

/**
 * A page of callbacks, newest first; on the first page (no `before`) also the
 * number that match (all pages) and the totals per state (the operation and the
 * search applied, the state not: they are what each state filter would show).
 */
export async function listDeliveries(appId: string, f: DeliveryFilters, db: Db = defaultDb) {
  const take = f.take ?? 50;
  const found = f.q ? await deliveryIdsFor(appId, f.q, db) : [];
  const where = {
    appId,
    ...(f.operation ? { operationId: f.operation } : {}),
    ...(f.q ? { OR: [{ id: { in: found } }, { url: { contains: f.q } }] } : {}),
  };
  const [rows, byState] = await Promise.all([
    db.delivery.findMany({
      where: { ...where, ...(f.state ? { state: { in: [...DELIVERY_FILTERS[f.state]] } } : {}), ...(f.before ? { seq: { lt: f.before } } : {}) },
      orderBy: { seq: "desc" },
      take: take + 1,
      select: {
        seq: true, id: true, operationId: true, scenarioKey: true, url: true, state: true,
        attempts: true, lastStatus: true, lastError: true, dueAt: true, createdAt: true,
      },
    }),
    f.before ? null : db.delivery.groupBy({ by: ["state"], where, _count: { _all: true } }),
  ]);
  let totals: DeliveryTotals | null = null;
  if (byState) {
    totals = { delivered: 0, failed: 0, not_sent: 0, scheduled: 0 };
    for (const g of byState) {
      const k = STATE_OF[g.state];
      if (k) totals[k] += g._count._all;
    }
  }
  const all = totals && Object.values(totals).reduce((a, b) => a + b, 0);
  return {
    items: rows.slice(0, take),
    nextBefore: rows.length > take ? rows[take - 1]!.seq : null,
    total: totals && (f.state ? totals[f.state] : all),
    totals,
  };
}

/** One delivery with its body and every attempt (oldest first). */
export async function getDelivery(appId: string, deliveryId: string, db: Db = defaultDb) {
  const d = await deliveryWithAttempts(appId, deliveryId, db);
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  const { attemptLog, leaseUntil: _lease, ...rest } = d;
  return { ...rest, attemptLog, links: await deliveryLinks(appId, d, db), relays: await relaysOfDelivery(appId, d.id, db) };
}
export type DeliveryDetail = Awaited<ReturnType<typeof getDelivery>>;
export type DeliverySummary = Awaited<ReturnType<typeof listDeliveries>>["items"][number];
