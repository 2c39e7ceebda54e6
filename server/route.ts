// Which handler answers a request: the gateway, the inspector, or Next. The
// handlers decide everything else; this file only routes and keeps the rules
// of the request itself: a request target that is not a path (`OPTIONS *`, a
// bare name), a Host that is not a host (`[::1`), or a path that is not valid
// percent-encoding outside the two mounts answers 400 (Next would answer a
// bare 500); forwarded headers count only from TRUSTED_PROXIES. The downloads
// under /clients/ are ours too (lib/client-gen/serve-client.ts): Next would
// drop their Content-Length and redirect PEP 503's trailing-slash addresses;
// so are /llms.txt and the docs' Markdown twins (docs-markdown.ts), which
// Next's /docs/[api] pages would otherwise take. Every request body is bounded
// here (lib/http/body-bound.ts), whichever handler it goes to; public/'s files
// answer 405 to a method other than GET and HEAD (./public-files.ts). While the
// database is away, what would go to Next answers 503 here (./unavailable.ts).
import type http from "node:http";
import { BASE_PATH } from "@/lib/gateway";
import { serveGateway } from "./gateway";
import { CLOCK_PATH, clockControl } from "./clock-control";
import { ManualClock } from "@/lib/clock";
import { enter, type Runtime } from "@/lib/runtime";
import { isDocsText, serveDocsText } from "./docs-markdown";
import { toApiError, ApiError } from "@/lib/errors";
import { nodeHeaders, sendError, sendWebResponse, toWebRequest } from "@/lib/http/node-io";
import { inspectorMethodRefusal, receiveInspection } from "@/lib/inspector";
import { serveClientsPath } from "@/lib/client-gen/serve-client";
import { SECURITY_HEADERS } from "@/lib/http/security-headers";
import { clientAddress, FORWARDED_HEADERS, isTrustedProxy, resolveClientAddress } from "@/lib/net/client-address";
import { countRequest, type Surface } from "@/lib/ops/metrics";
import { appIdOf, logRequest } from "@/lib/log";
import { newId } from "@/lib/ids";
import { OPS_PATHS, serveOps } from "./ops";
import { boundBody, MAX_REQUEST_BODY } from "@/lib/http/body-bound";
import { isPublicFile, PUBLIC_FILE_METHODS } from "./public-files";
import { databaseUp } from "@/lib/ops/health";
import { serveUnavailable } from "./unavailable";

const INSPECT = "/inspect/";
const CLIENTS = "/clients/";
/** Next's built files and the app's icons: served from the build, whatever the database. */
const NEXT_FILES = /^\/(_next\/|favicon\.ico$|icon\.svg$)/;
/** Methods handed to Next; others (TRACE, CONNECT, …) answer 405 there. */
const NEXT_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

function wellEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A Host header, when there is one, is a host and an optional port: nothing a URL would read as user, path, query or fragment. */
function wellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0 (node:http refuses an HTTP/1.1 request without one)
  return !/[/?#@\\]/.test(host) && URL.canParse(`http://${host}`);
}


const CONSOLE = /^\/(apps|account|operator|signin|signup|forgot|reset|api\/console|api\/auth|api\/try)(\/|$)/;
/** The metrics' `surface` of a request (lib/ops/metrics.ts): which part of the portal it asked for. */
function surfaceOf(pathname: string): Surface {
  if (pathname === `${BASE_PATH}/dev` || pathname.startsWith(`${BASE_PATH}/dev/`)) return "devapi";
  if (pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`)) return "gateway";
  if (pathname.startsWith(INSPECT)) return "inspector";
  if (pathname === "/docs" || pathname.startsWith("/docs/") || pathname === "/llms.txt") return "docs";
  return CONSOLE.test(pathname) ? "console" : "other";
}

/**
 * `runtime`: the portal's (server/portal.ts), entered around each request so every module it reaches,
 * Next's route handlers and server actions included, reads it (lib/runtime.ts); on a test clock CLOCK_PATH answers, moving it.
 */
export function requestListener(opts: { origin: () => string; handleNext: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>; runtime: Runtime }) {
  const clockHandler = opts.runtime.clock instanceof ManualClock ? clockControl(opts.runtime.clock) : undefined;
  const inspect: Handler = async (req, res) => {
    // Before the Web request is built: it cannot carry TRACE, CONNECT or TRACK.
    const refused = inspectorMethodRefusal(req.method);
    if (refused) return sendError(res, refused);
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    const raw = pathname.slice(INSPECT.length);
    const appId = wellEncoded(raw) ? decodeURIComponent(raw) : raw;
    // The address as resolved below (x-forwarded-for rewritten); the Web request is built from the raw headers.
    const from = { address: clientAddress(nodeHeaders(req)) };
    await sendWebResponse(res, await receiveInspection(appId, toWebRequest(req, opts.origin()), from));
  };

  const clients: Handler = async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here`, { allow: "GET, HEAD" }));
    const path = (req.url ?? "/").split("?", 1)[0]!.slice(CLIENTS.length);
    const etag = req.headers["if-none-match"];
    await sendWebResponse(res, await serveClientsPath(path, typeof etag === "string" ? etag : null));
  };

  /**
   * While the database is away (its probe, shared by the requests that ask
   * while it runs: lib/ops/health.ts `databaseUp`), what would need it answers 503 with Retry-After here
   * (./unavailable.ts), never the 500 Next makes of a page's failed query: Next
   * lets no page or error boundary choose a 503.
   */
  const whileDatabaseUp = (handler: Handler, json: boolean): Handler => async (req, res) =>
    (await databaseUp()) ? handler(req, res) : serveUnavailable(req, res, json);
  const next = whileDatabaseUp(opts.handleNext, false);
  const nextJson = whileDatabaseUp(opts.handleNext, true);
  const docsText = whileDatabaseUp((rq, rs) => serveDocsText(rq, rs, (rq.url ?? "/").split("?", 1)[0]!, opts.origin()), true);
  /** Next's own answers, which carry the security headers Next adds (next.config.mjs). */
  const nexts = new Set<Handler>([opts.handleNext, next, nextJson]);

  const pick = (req: http.IncomingMessage, pathname: string): Handler => {
    if (!pathname.startsWith("/")) return async (_, rs) => sendError(rs, new ApiError("BAD_REQUEST", "the request target must be a path starting with /"));
    if (!wellFormedHost(req.headers.host)) return async (_, rs) => sendError(rs, new ApiError("BAD_REQUEST", "the Host header must be a host name or address with an optional port"));
    if (pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`)) return (rq, rs) => serveGateway(rq, rs, pathname, opts.origin());
    if (pathname.startsWith(INSPECT)) return inspect;
    if (clockHandler && pathname === CLOCK_PATH) return clockHandler;
    if (OPS_PATHS.has(pathname)) return (rq, rs) => serveOps(rq, rs, pathname, clientAddress(nodeHeaders(rq)));
    if (!NEXT_METHODS.has(req.method ?? "")) {
      return async (_, rs) => sendError(rs, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here`, { allow: [...NEXT_METHODS].join(", ") }));
    }
    if (!wellEncoded(pathname)) return async (_, rs) => sendError(rs, new ApiError("BAD_REQUEST", "the path is not valid percent-encoding"));
    const publicFile = isPublicFile(decodeURIComponent(pathname));
    if (req.method !== "GET" && req.method !== "HEAD" && publicFile) {
      return async (_, rs) => sendError(rs, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here: this file answers ${PUBLIC_FILE_METHODS}`, { allow: PUBLIC_FILE_METHODS }));
    }
    if (pathname.startsWith(CLIENTS)) return clients;
    if (isDocsText(pathname)) return docsText;
    if (publicFile || NEXT_FILES.test(pathname)) return opts.handleNext;
    return pathname.startsWith("/api/") ? nextJson : next;
  };

  return (req: http.IncomingMessage, res: http.ServerResponse) => enter(opts.runtime, () => answer(req, res));

  function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    // The one client address every handler counts against (lib/net/client-address.ts):
    // the socket's, or behind TRUSTED_PROXIES the right-most untrusted hop. A
    // client's own x-forwarded-for is never believed.
    // What a proxy says about the request (its host and scheme) likewise: dropped unless the peer is one of TRUSTED_PROXIES.
    if (!isTrustedProxy(req.socket.remoteAddress)) for (const h of FORWARDED_HEADERS) delete req.headers[h];
    const xff = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = resolveClientAddress(req.socket.remoteAddress, Array.isArray(xff) ? xff.join(", ") : xff);
    // Every answer has an x-request-id: this one unless its handler names its own (the gateway's, the inspector's).
    const requestId = newId("req");
    res.setHeader("x-request-id", requestId);
    // Every request counted once, by surface and status, and logged once (lib/log.ts: its id as answered, the
    // path without the query, the app when the gateway knew it), when its connection is done with it (0: closed with no answer).
    const started = performance.now();
    res.once("close", () => {
      const status = res.writableFinished ? res.statusCode : 0;
      const ms = performance.now() - started;
      countRequest(surfaceOf(pathname), status, ms / 1000);
      const answered = res.getHeader("x-request-id");
      logRequest({ requestId: typeof answered === "string" ? answered : requestId, method: req.method ?? "", path: pathname, status, ms: Math.round(ms * 10) / 10, appId: appIdOf(req) });
    });
    const handler = pick(req, pathname);
    if (!nexts.has(handler)) for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v); // Next adds them itself (next.config.mjs)
    // Next's routes read the id on the request (a client's own is replaced), so the console's error bodies carry the answer's id.
    else req.headers["x-request-id"] = requestId;
    // One bound on every body, before any handler reads it (Next would read a whole multipart body): 413 past it.
    if (boundBody(req, res, MAX_REQUEST_BODY, SECURITY_HEADERS)) return;
    handler(req, res).catch((e) => {
      // Handlers answer their own errors; this is the last guard, never a hung socket.
      const err = toApiError(e, "server", requestId);
      if (!res.headersSent) sendError(res, err);
      else res.destroy();
    });
  }
}
