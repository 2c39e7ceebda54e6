// The one wrapper for console JSON routes: same-origin JSON writes, session →
// user, a write by an account whose email is not verified refused
// (lib/services/verification.ts), the role rule (lib/services/access.ts) on params.appId or
// params.teamId, zod parsing of query and body, the actor of the audit
// entries written meanwhile, and ApiError → error body.
import type { z } from "zod";
import { config } from "@/lib/runtime";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { mediaType } from "@/lib/http/media-type";
import { MAX_REQUEST_BODY } from "@/lib/http/body-bound";
import { readLimited } from "@/lib/http/web-body";
import { newId } from "@/lib/ids";
import { type Action, authorizeApp, authorizeOperator, authorizeTeam } from "@/lib/services/access";
import { actingAs } from "@/lib/services/audit";
import { requireVerified } from "@/lib/services/verification";
import { clientAddress } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import type { PublicUser } from "@/lib/services/users";
import { currentSession } from "./session";

type App = Awaited<ReturnType<typeof authorizeApp>>["app"];
type Team = Awaited<ReturnType<typeof authorizeTeam>>;
type Params = Record<string, string>;
/**
 * `action`: what the route does to its app or team (the role rule's), or how
 * it follows from the signed-in user and the path (a member leaving is not an
 * owner removing); an app route's default is its method's: GET and HEAD read,
 * any other changes; a team route's, reading the team. `unverified`: a write
 * an account whose email is not verified yet may make (send the link again,
 * fix its email, its sessions); every other write needs it verified.
 */
type Opts<Q, B> = {
  query?: z.ZodType<Q>; body?: z.ZodType<B>; operator?: boolean; status?: number; unverified?: boolean;
  action?: Action | ((user: PublicUser, params: Params) => Action);
};
type Scope = "user" | "app" | "team" | "open";
/** `sessionId`: the signed-in session's record (lib/services/sessions.ts). */
export type Ctx<Q, B> = { user: PublicUser; sessionId: string; params: Params; query: Q; body: B; request: Request };
type RouteCtx = { params: Promise<Params> };

const json = (status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-request-id": requestId },
  });

/** The largest console write: the signature explain form's, the biggest, fits four times over. The bound every body meets where it enters (1 MiB). */
export const CONSOLE_MAX_BODY_BYTES = MAX_REQUEST_BODY;

async function readJson(request: Request): Promise<unknown> {
  const text = await readLimited(request, CONSOLE_MAX_BODY_BYTES);
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_BODY", "the request body must be JSON");
  }
}

/**
 * The origins the console's pages are served from: PUBLIC_URL's, and the one
 * this request was addressed to (its Host; behind TRUSTED_PROXIES their
 * X-Forwarded-Host and -Proto, which server/route.ts drops from anyone else).
 */
function siteOrigins(request: Request): string[] {
  const first = (name: string) => request.headers.get(name)?.split(",", 1)[0]?.trim() || null;
  const host = first("x-forwarded-host") ?? first("host");
  const own = `${first("x-forwarded-proto") ?? "http"}://${host}`;
  return [new URL(config.publicUrl).origin, ...(host && URL.canParse(own) ? [new URL(own).origin] : [])];
}

/**
 * Writes must come from the console's own pages: an Origin, when sent, is one
 * of siteOrigins ("null" and unparseable ones are not), and a write that
 * carries a body or a Content-Type carries JSON, which a cross-site form
 * cannot send (components/console/api.ts `send` always says application/json).
 */
function checkWrite(request: Request) {
  const origin = request.headers.get("origin");
  if (origin !== null && !(URL.canParse(origin) && siteOrigins(request).includes(new URL(origin).origin))) {
    throw new ApiError("FORBIDDEN", "cross-site requests are refused");
  }
  const type = mediaType(request.headers.get("content-type"));
  const hasBody = Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
  if ((hasBody || type !== null) && type !== "application/json") {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "console writes take a JSON body: send Content-Type: application/json");
  }
}

const methodAction = (method: string): Action => (method === "GET" || method === "HEAD" ? "app.read" : "app.write");

function consoleHandler<Q, B, C>(opts: Opts<Q, B>, scope: Scope, handler: (ctx: C) => Promise<unknown>) {
  return async (request: Request, routeCtx: RouteCtx): Promise<Response> => {
    // The id server/route.ts gave the request (its answer's header and log line), else a new one.
    const requestId = request.headers.get("x-request-id") ?? newId("req");
    try {
      const write = request.method !== "GET" && request.method !== "HEAD";
      if (write) checkWrite(request);
      // An open route (signing in) reads no session: whoever asks.
      const session = scope === "open" ? null : await currentSession();
      if (!session && scope !== "open") throw new ApiError("UNAUTHENTICATED", "sign in to use the console");
      const user = session?.user ?? null;
      const sessionId = session?.sessionId ?? null;
      if (opts.operator && user) authorizeOperator(user);
      // Every write of an account whose email is not verified (when that is required): 403 EMAIL_NOT_VERIFIED,
      // whatever the route, before the role rule (the same answer for any app or team id).
      if (write && user && !opts.unverified) requireVerified(user);
      const params = (await routeCtx?.params) ?? {};
      // The role rule before anything else, read now: a stranger's app or team id answers 404 whatever the input.
      const action = !user ? undefined : typeof opts.action === "function" ? opts.action(user, params) : opts.action;
      const app = scope === "app" && user ? (await authorizeApp(user, params.appId ?? "", action ?? methodAction(request.method))).app : undefined;
      const team = scope === "team" && user ? await authorizeTeam(user, params.teamId ?? "", action ?? "team.read") : undefined;
      const query = (opts.query ? parseOrThrow(opts.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined) as Q;
      const body = (opts.body ? parseOrThrow(opts.body, await readJson(request)) : undefined) as B;
      // Who acts, for the audit entries the handler's changes write (lib/services/audit.ts).
      const by = { userId: user?.id ?? null, email: user?.email ?? null, address: clientAddress(request.headers) };
      const result = await actingAs(by, () => handler({ user, sessionId, params, query, body, request, app, team } as C));
      if (result instanceof Response) return result; // a route that answers other than JSON (an export)
      // 204: no body (the contract's DELETEs of a member, an invitation).
      if (opts.status === 204) return new Response(null, { status: 204, headers: { "cache-control": "no-store", "x-request-id": requestId } });
      return json(opts.status ?? 200, result ?? { ok: true }, requestId);
    } catch (e) {
      const err = toApiError(e, "console", requestId);
      // The error's own headers too (a 429's retry-after, a 405's allow).
      return json(err.status, errorBody(err.code, err.message, requestId, err.details), requestId, err.headers);
    }
  };
}

/** A console route for the signed-in user (`operator: true`: operators only; others get 404). */
export function userRoute<Q = undefined, B = undefined>(opts: Opts<Q, B>, handler: (ctx: Ctx<Q, B>) => Promise<unknown>) {
  return consoleHandler(opts, "user", handler);
}

/** A console route for whoever asks, signed in or not (signing in with a passkey): the same JSON writes, parsing and errors, no session read. */
export function openRoute<Q = undefined, B = undefined>(opts: Omit<Opts<Q, B>, "operator" | "action">, handler: (ctx: Omit<Ctx<Q, B>, "user" | "sessionId">) => Promise<unknown>) {
  return consoleHandler(opts, "open", handler);
}

/** A console route about one app (params.appId) whose team the signed-in user is in with a role that allows the route's action; NOT_FOUND for a stranger, FORBIDDEN for that role. */
export function appRoute<Q = undefined, B = undefined>(opts: Opts<Q, B>, handler: (ctx: Ctx<Q, B> & { app: App }) => Promise<unknown>) {
  return consoleHandler(opts, "app", handler);
}

/** A console route about one team (params.teamId), under the same rule (`action` default `team.read`). */
export function teamRoute<Q = undefined, B = undefined>(opts: Opts<Q, B>, handler: (ctx: Ctx<Q, B> & { team: Team }) => Promise<unknown>) {
  return consoleHandler(opts, "team", handler);
}
