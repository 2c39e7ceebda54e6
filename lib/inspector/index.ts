// The inspector (contract: Inspector): POST <origin>/inspect/<appId> answers
// 200 to any body and content type and keeps it in the app's inbox (newest N).
import { config } from "@/lib/config";
import { db as defaultDb, type Db } from "@/lib/db/client";
import { keepNewest } from "@/lib/db/bounded";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { readLimited } from "@/lib/gateway/http";

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
    const body = await readLimited(request, INSPECTOR_MAX_BODY);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    await db.inboxEntry.create({
      data: { id: newId("inb"), appId, method: request.method, headers: JSON.stringify(headers), body, contentType: request.headers.get("content-type") },
    });
    await keepNewest(db, "InboxEntry", appId, config.inboxPerApp);
    return json(200, { received: true }, { "x-request-id": requestId });
  } catch (e) {
    const err = toApiError(e, "inspector", requestId);
    return json(err.status, errorBody(err.code, err.message, requestId), { "x-request-id": requestId, ...err.headers });
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
  return {
    items: rows.slice(0, take).map((r) => ({
      id: r.id,
      seq: r.seq,
      method: r.method,
      contentType: r.contentType,
      headers: JSON.parse(r.headers) as Record<string, string>,
      body: r.body,
      receivedAt: r.receivedAt.toISOString(),
    })),
    nextBefore: rows.length > take ? rows[take - 1]!.seq : null,
  };
}
