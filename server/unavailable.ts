// What every request handed to Next answers while the database is away
// (server/route.ts asks lib/ops/health.ts `databaseUp` first): 503 with
// Retry-After, never Next's 500. Pages get a "temporarily unavailable" page in
// the portal's look (./unavailable-page.ts), with the request id to quote; JSON routes
// (/api/…: console routes, sign-in's, try-it) and the docs' Markdown the error
// body; a server action posted by the page's script a text/plain message, which
// Next's client throws as the error its boundary shows.
import type http from "node:http";
import { ApiError, errorBody, UNAVAILABLE_RETRY_AFTER_S } from "@/lib/errors";
import { SECURITY_HEADERS } from "@/lib/http/security-headers";
import { sendJson } from "@/lib/http/node-io";
import { newId } from "@/lib/ids";
import { unavailablePage } from "./unavailable-page";

const MESSAGE = "the portal cannot reach its database right now; try again in a few seconds";

/** The error every outage answer carries: the health check cannot reach the database (a request that met it busy or away is told so by lib/errors.ts toApiError). */
export const unavailable = () => new ApiError("SERVICE_UNAVAILABLE", MESSAGE, { "retry-after": String(UNAVAILABLE_RETRY_AFTER_S), "cache-control": "no-store" });

/** "Try again" asks for the same address: a path on this site, never `//host` or `/\\host`, which a browser reads as another site. */
const sameSite = (target: string | undefined) => (target && /^\/(?![/\\])/.test(target) ? target : "/");

/** The 503 for a request Next would have answered: `json` (an /api/ route, the docs' Markdown) the error body, else as the top of this file says. */
export function serveUnavailable(req: http.IncomingMessage, res: http.ServerResponse, json: boolean): void {
  const e = unavailable();
  const requestId = newId("req");
  const headers = { ...SECURITY_HEADERS, ...e.headers, "x-request-id": requestId };
  if (json) {
    sendJson(res, e.status, headers, errorBody(e.code, e.message, requestId));
    return;
  }
  const [type, body] = req.headers["next-action"]
    ? ["text/plain", `The portal cannot reach its database right now (request id ${requestId}). Try again in a few seconds.`]
    : ["text/html; charset=utf-8", unavailablePage(requestId, sameSite(req.url))];
  res.writeHead(e.status, { ...headers, "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}
