// The inspector (README: How the sandbox behaves): POST <origin>/inspect/<appId> keeps any
// body and content type in the app's inbox (newest N, within a byte quota) and
// answers as the app's inspector answer mode says (answer-mode.ts; default 200
// {"received": true} at once). Counted before anything is read or stored:
// - the app's own callbacks (posted in-process by the dispatcher) against a
//   budget of their own, INSPECT_OWN_PER_MINUTE, so strangers cannot make them fail;
// - every other post per app, INSPECT_PER_MINUTE, and per sender (its client
//   address, or for another app's callback that app) over all inspectors,
//   INSPECT_PER_ADDRESS_PER_MINUTE: both counted together or neither.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { keepNewest } from "@/lib/db/bounded";
import { wakeups } from "@/lib/db/wakeups";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { readLimited } from "@/lib/http/web-body";
import { config, nowDate } from "@/lib/runtime";
import { hasEnded } from "@/lib/services/sandbox-life";
import { APP_THROTTLES, takeTogether, Throttle } from "@/lib/throttle";
import { answerFor, deliveryIdOf, waitFor } from "./answer-mode";
import { relaysOfEntries } from "./relays";

export const INSPECTOR_MAX_BODY = 256 * 1024;

/** Notified with the app's id after an entry is stored: this process's listeners' streams of the app read at once. */
export const inboxWakeups = wakeups("inbox");

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

/** Who posts: a client over HTTP (its address, lib/net/client-address.ts), or a callback delivered in-process (its delivery). */
export type Sender = { address: string } | { deliveryId: string };

/** Counts the post where it belongs (see the top of this file); 429 past a limit. */
async function count(appId: string, from: Sender, db: Db) {
  // In process: a delivery of another app counts as that app; the app's own, or a receiver check's case (no delivery row, and only ever to the app's own inspector), as the app's own.
  const senderApp = "deliveryId" in from ? ((await db.delivery.findUnique({ where: { id: from.deliveryId }, select: { appId: true } }))?.appId ?? appId) : null;
  if (senderApp === appId) {
    return ownBudget().enforce(appId, (s) => `this inspector accepts at most ${config.inspectOwnPerMinute} of the app's own callbacks a minute; try again in ${s} s`);
  }
  const sender = "address" in from ? from.address : `app:${senderApp}`;
  // Both places or none, so a post refused for this app never holds the sender's place for other apps (nor the reverse).
  const full = await takeTogether([[perApp(), appId], [perSender(), sender]]);
  if (!full) return;
  const message = full.index === 0
    ? `this inspector accepts at most ${config.inspectPerMinute} requests a minute`
    : `at most ${config.inspectPerAddressPerMinute} posts a minute to the inspector from one address`;
  throw new ApiError("RATE_LIMITED", `${message}; try again in ${full.retryAfter} s`, { "retry-after": String(full.retryAfter) });
}

/**
 * The inspector takes POST only: any other method is refused with 405 and
 * `Allow: POST`. Our server (server/route.ts) asks before it builds the Web
 * request, which cannot carry TRACE, CONNECT or TRACK.
 */
export function inspectorMethodRefusal(method: string | undefined): ApiError | null {
  return method === "POST" ? null : new ApiError("METHOD_NOT_ALLOWED", "the inspector accepts POST only", { allow: "POST" });
}

export async function receiveInspection(appId: string, request: Request, from: Sender, db: Db = defaultDb): Promise<Response> {
  const requestId = newId("req");
  try {
    const refused = inspectorMethodRefusal(request.method);
    if (refused) throw refused;
    await count(appId, from, db);
    const app = await db.app.findUnique({ where: { id: appId }, select: { id: true, inspectorMode: true, expiresAt: true } });
    if (!app || hasEnded(app)) throw new ApiError("NOT_FOUND", `no app ${appId}`);
    const body = await readLimited(request, INSPECTOR_MAX_BODY);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const headerText = JSON.stringify(headers);
    const bytes = Buffer.byteLength(body) + Buffer.byteLength(headerText) + request.method.length;
    const deliveryId = deliveryIdOf(request.headers);
    const earlier = deliveryId ? await db.inboxEntry.count({ where: { appId, deliveryId } }) : 0;
    const answer = answerFor(app.inspectorMode, deliveryId, earlier, requestId);
    await db.inboxEntry.create({
      data: {
        id: newId("inb"), appId, method: request.method, headers: headerText, body, bytes,
        contentType: request.headers.get("content-type"), deliveryId, status: answer.status, receivedAt: nowDate(),
      },
    });
    await keepNewest(db, "InboxEntry", appId, config.inboxPerApp);
    await keepWithinBytes(db, appId, config.inboxBytesPerApp);
    inboxWakeups.notify(appId);
    await waitFor(answer.delayMs, request.signal);
    const headersOut = { "x-request-id": requestId };
    return answer.body === null ? new Response(null, { status: answer.status, headers: headersOut }) : json(answer.status, answer.body, headersOut);
  } catch (e) {
    const err = toApiError(e, "inspector", requestId);
    return json(err.status, errorBody(err.code, err.message, requestId), { "x-request-id": requestId, ...err.headers });
  }
}

const perApp = () => new Throttle(APP_THROTTLES.inspect, config.inspectPerMinute, 60);
const ownBudget = () => new Throttle(APP_THROTTLES.inspectOwn, config.inspectOwnPerMinute, 60);
const perSender = () => new Throttle("inspect:sender", config.inspectPerAddressPerMinute, 60);

/** The inbox's byte quota: when the app's entries pass `quota` bytes, the oldest go first. */
async function keepWithinBytes(db: Db, appId: string, quota: number) {
  const total = await db.inboxEntry.aggregate({ where: { appId }, _sum: { bytes: true } });
  if ((total._sum.bytes ?? 0) <= quota) return;
  const rows = await db.inboxEntry.findMany({ where: { appId }, orderBy: { seq: "desc" }, select: { seq: true, bytes: true } });
  let kept = 0;
  for (const r of rows) {
    kept += r.bytes;
    if (kept > quota) {
      await db.inboxEntry.deleteMany({ where: { appId, seq: { lte: r.seq } } });
      return;
    }
  }
}

/** Empties the app's inbox, with the listeners' relay results of its entries (those of deliveries stay with them). */
export async function clearInbox(appId: string, db: Db = defaultDb) {
  const [{ count }] = await db.$transaction([
    db.inboxEntry.deleteMany({ where: { appId } }),
    db.relay.deleteMany({ where: { appId, inboxEntryId: { not: null } } }),
  ]);
  return { deleted: count };
}

/**
 * The app's inbox, newest first, keyset-paged by `before` (a seq) like the other console lists.
 * `delivery`: what one callback left here (its x-svc-delivery); `deliveryIds`: any of these. Callers check ownership.
 */
export async function listInbox(appId: string, opts: { before?: number; take?: number; delivery?: string; deliveryIds?: string[] } = {}, db: Db = defaultDb) {
  const take = Math.min(Math.max(opts.take ?? 50, 1), 200);
  const ids = [...(opts.delivery ? [opts.delivery] : []), ...(opts.deliveryIds ?? [])];
  const rows = await db.inboxEntry.findMany({
    where: {
      appId,
      ...(opts.before ? { seq: { lt: opts.before } } : {}),
      ...(opts.delivery || opts.deliveryIds ? { deliveryId: { in: ids } } : {}),
    },
    orderBy: { seq: "desc" },
    take: take + 1,
  });
  const relays = await relaysOfEntries(appId, rows.slice(0, take).map((r) => r.id), db);
  return {
    items: rows.slice(0, take).map((r) => ({
      id: r.id,
      seq: r.seq,
      method: r.method,
      contentType: r.contentType,
      headers: JSON.parse(r.headers) as Record<string, string>,
      body: r.body,
      deliveryId: r.deliveryId,
      status: r.status,
      receivedAt: r.receivedAt.toISOString(),
      relays: relays.get(r.id) ?? [],
    })),
    nextBefore: rows.length > take ? rows[take - 1]!.seq : null,
  };
}
