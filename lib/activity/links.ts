// How the console's records hang together, found from what each row already
// keeps (no extra columns on the gateway's hot path):
//   request → the resources it names (path or response body) → their callbacks
//   resource → the request that created it (same app, operation and receipt time)
//   callback → its resource's creating request, and the inbox entries carrying
//              its id in x-svc-delivery (kept as InboxEntry.deliveryId)
//   inbox entry → its callback (deliveryId) → that callback's request
// Callers check ownership first; every query is limited to the app.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { FLOAT_MET_COLUMNS, floatMetOf } from "./float-met";

const RESOURCE_ID = /\b(?:chk|pay|ver|msg)_[A-Za-z0-9]{22}\b/g;

/** Resource ids named in a path or a JSON text, first seen first. */
export function resourceIdsIn(...texts: (string | null | undefined)[]): string[] {
  return [...new Set(texts.flatMap((t) => (t ?? "").match(RESOURCE_ID) ?? []))].slice(0, 10);
}

/** The request-log row that created a resource: logged in the same commit, so with the same time. */
export async function creatingRequest(appId: string, resource: { id: string; operationId: string; createdAt: Date }, db: Db = defaultDb) {
  const rows = await db.requestLog.findMany({
    where: { appId, operationId: resource.operationId, createdAt: resource.createdAt },
    select: { requestId: true, method: true, path: true, status: true, via: true, scenarioKey: true, fault: true, durationMs: true, responseBody: true, ...FLOAT_MET_COLUMNS },
    take: 20,
  });
  const row = rows.find((r) => r.responseBody.includes(resource.id)) ?? null;
  return row && {
    requestId: row.requestId, method: row.method, path: row.path, status: row.status, via: row.via, scenarioKey: row.scenarioKey, fault: row.fault,
    durationMs: row.durationMs, float: floatMetOf(row),
  };
}

export type LinkedResource = { id: string; operationId: string; createdBy: Awaited<ReturnType<typeof creatingRequest>> };
export type LinkedDelivery = { id: string; state: string; operationId: string };

/** What a logged call touches: the resources it names and their callbacks. */
export async function requestLinks(appId: string, r: { path: string; responseBody: string | null }, db: Db = defaultDb) {
  const ids = resourceIdsIn(r.path, r.responseBody);
  if (!ids.length) return { resources: [] as LinkedResource[], deliveries: [] as LinkedDelivery[] };
  const [resources, deliveries] = await Promise.all([
    db.resource.findMany({ where: { appId, id: { in: ids } }, select: { id: true, operationId: true, createdAt: true } }),
    db.delivery.findMany({ where: { appId, resourceId: { in: ids } }, select: { id: true, state: true, operationId: true }, orderBy: { seq: "asc" }, take: 20 }),
  ]);
  return {
    resources: await Promise.all(resources.map(async (x) => ({ id: x.id, operationId: x.operationId, createdBy: await creatingRequest(appId, x, db) }))),
    deliveries,
  };
}

/** Where a callback came from and where it arrived (the app's inspector). */
export async function deliveryLinks(appId: string, d: { id: string; resourceId: string | null }, db: Db = defaultDb) {
  const resource = d.resourceId
    ? await db.resource.findFirst({ where: { appId, id: d.resourceId }, select: { id: true, operationId: true, createdAt: true } })
    : null;
  const [request, inbox] = await Promise.all([
    resource ? creatingRequest(appId, resource, db) : null,
    db.inboxEntry.findMany({
      where: { appId, deliveryId: d.id },
      select: { id: true, receivedAt: true, status: true },
      orderBy: { seq: "desc" },
      take: 20,
    }),
  ]);
  return { request, inbox };
}

export type InboxLinks = { delivery: (LinkedDelivery & { resourceId: string | null }) | null; request: Awaited<ReturnType<typeof creatingRequest>> };

/** For inbox entries: the callback each came from (by delivery id) and the request that caused that callback. */
export async function inboxLinks(appId: string, deliveryIds: (string | null)[], db: Db = defaultDb): Promise<Map<string, InboxLinks>> {
  const ids = [...new Set(deliveryIds.filter((x): x is string => Boolean(x)))];
  const out = new Map<string, InboxLinks>();
  if (!ids.length) return out;
  const deliveries = await db.delivery.findMany({
    where: { appId, id: { in: ids } },
    select: { id: true, state: true, operationId: true, resourceId: true },
  });
  const resourceIds = [...new Set(deliveries.map((d) => d.resourceId).filter((x): x is string => Boolean(x)))];
  const resources = resourceIds.length
    ? await db.resource.findMany({ where: { appId, id: { in: resourceIds } }, select: { id: true, operationId: true, createdAt: true } })
    : [];
  const requests = new Map(await Promise.all(resources.map(async (r) => [r.id, await creatingRequest(appId, r, db)] as const)));
  for (const d of deliveries) out.set(d.id, { delivery: d, request: (d.resourceId && requests.get(d.resourceId)) || null });
  return out;
}

/**
 * The delivery ids an inbox search means: a delivery id as it is, a resource id
 * (chk_, pay_, ver_, msg_) → its callbacks, anything else a reference → the
 * resources with it → their callbacks. At most 200, newest first.
 */
export async function deliveryIdsFor(appId: string, q: string, db: Db = defaultDb): Promise<string[]> {
  const term = q.trim();
  if (!term) return [];
  const byResource = (resourceIds: string[]) =>
    db.delivery.findMany({ where: { appId, resourceId: { in: resourceIds } }, select: { id: true }, orderBy: { seq: "desc" }, take: 200 });
  if (term.startsWith("dlv_")) return [term];
  if (/^(?:chk|pay|ver|msg)_/.test(term)) return (await byResource([term])).map((d) => d.id);
  const resources = await db.resource.findMany({ where: { appId, reference: term }, select: { id: true }, take: 200 });
  return resources.length ? (await byResource(resources.map((r) => r.id))).map((d) => d.id) : [];
}
