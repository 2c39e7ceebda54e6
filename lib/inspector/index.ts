// The inspector (contract: Inspector): POST <origin>/inspect/<appId> answers
// 200 to any body and content type and keeps it in the app's inbox (newest N,
// within a byte quota), at most INSPECT_PER_MINUTE requests per app a minute.
import { config } from "@/lib/config";
import { db as defaultDb, type Db } from "@/lib/db/client";
import { keepNewest } from "@/lib/db/bounded";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { readLimited } from "@/lib/gateway/http";
import { Throttle } from "@/lib/throttle";
import { inboxChanged } from "./feed";
import { relaysOfEntries } from "./relays";

export const INSPECTOR_MAX_BODY = 256 * 1024;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

export async function receiveInspection(appId: string, request: Request, db: Db = defaultDb): Promise<Response> {
  const requestId = newId("req");
  try {
    if (request.method !== "POST") {
      throw new ApiError("METHOD_NOT_ALLOWED", "the inspector accepts POST only", { allow: "POST" });
    }
    const app = await db.app.findUnique({ where: { id: appId }, select: { id: true } });
    if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
    const limit = await perApp().take(appId);
    if (!limit.allowed) {
      throw new ApiError("RATE_LIMITED", `this inspector accepts at most ${config.inspectPerMinute} requests a minute; try again in ${limit.retryAfter} s`, {
        "retry-after": String(limit.retryAfter),
      });
    }
    const body = await readLimited(request, INSPECTOR_MAX_BODY);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const headerText = JSON.stringify(headers);
    const bytes = Buffer.byteLength(body) + Buffer.byteLength(headerText) + request.method.length;
    await db.inboxEntry.create({
      data: { id: newId("inb"), appId, method: request.method, headers: headerText, body, bytes, contentType: request.headers.get("content-type") },
    });
    await keepNewest(db, "InboxEntry", appId, config.inboxPerApp);
    await keepWithinBytes(db, appId, config.inboxBytesPerApp);
    inboxChanged(appId);
    return json(200, { received: true }, { "x-request-id": requestId });
  } catch (e) {
    const err = toApiError(e, "inspector", requestId);
    return json(err.status, errorBody(err.code, err.message, requestId), { "x-request-id": requestId, ...err.headers });
  }
}

const perApp = () => new Throttle("inspect:app", config.inspectPerMinute, 60);

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

/** The app's inbox, newest first, keyset-paged by `before` (a seq) like the other console lists. Callers check ownership. */
export async function listInbox(appId: string, opts: { before?: number; take?: number; delivery?: string } = {}, db: Db = defaultDb) {
  const take = Math.min(Math.max(opts.take ?? 50, 1), 200);
  const rows = await db.inboxEntry.findMany({
    where: {
      appId,
      ...(opts.before ? { seq: { lt: opts.before } } : {}),
      // what one callback left here: its id travels in x-svc-delivery
      ...(opts.delivery ? { headers: { contains: `"x-svc-delivery":${JSON.stringify(opts.delivery)}` } } : {}),
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
      receivedAt: r.receivedAt.toISOString(),
      relays: relays.get(r.id) ?? [],
    })),
    nextBefore: rows.length > take ? rows[take - 1]!.seq : null,
  };
}
