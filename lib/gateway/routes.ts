// The gateway's one routing rule (answerCall): which paths under {base_url} go
// to the token endpoint, the developer API or the operations' pipeline, which
// methods each path takes (OPTIONS and a wrong method are answered here, before
// any token check), and the CORS headers on every answer (cors.ts). Our
// server's node:http mount (server/sandbox.ts) and MCP (toResponse) use it.
import type { HeaderBag } from "@/lib/http/node-io";
import type { GatewayResult } from "./context";
import { DEV_PREFIX, devMethodsAt } from "@/lib/catalog/devapi";
import { operationMethodsAt } from "@/lib/catalog";
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { CORS_HEADERS, preflightHeaders } from "./cors";
import { DEV_STEPS, handleCall } from "./pipeline";
import { issueToken } from "./token";

export const BASE_PATH = "/sandbox";
export const TOKEN_PATH = "/oauth/v1/token";
export const MCP_PATH = "/mcp";

/** The methods a path under {base_url} takes: the token endpoint's, the developer endpoints' or the operations' at that path (empty: unknown path). */
export function methodsAt(path: string): string[] {
  if (path === TOKEN_PATH) return ["POST"];
  return path.startsWith(`${DEV_PREFIX}/`) ? devMethodsAt(path) : operationMethodsAt(path);
}

function route(
  method: string, path: string, headers: HeaderBag, readBody: (limit?: number) => Promise<string>, query: string, left?: () => AbortSignal,
): Promise<GatewayResult> | GatewayResult {
  const methods = methodsAt(path);
  if (method === "OPTIONS") return { status: 204, headers: { "x-request-id": newId("req"), ...preflightHeaders(methods) }, body: null };
  if (methods.length > 0 && !methods.includes(method)) {
    const requestId = newId("req");
    const e = new ApiError("METHOD_NOT_ALLOWED", `${path} takes ${methods.join(", ")}, not ${method}`, { allow: methods.join(", ") });
    return { status: e.status, headers: { "x-request-id": requestId, ...e.headers }, body: errorBody(e.code, e.message, requestId) };
  }
  if (path === TOKEN_PATH) return issueToken(headers, readBody);
  if (path.startsWith(`${DEV_PREFIX}/`)) return handleCall({ method, path, headers, readBody, query, via: "http", signal: left?.() }, undefined, DEV_STEPS);
  return handleCall({ method, path, headers, readBody, via: "http" });
}

/**
 * A path under {base_url}: OPTIONS (204, CORS preflight), a known path with a
 * method it does not take (405 METHOD_NOT_ALLOWED with `Allow`), the token
 * endpoint, a developer endpoint (the pipeline's dev steps), else an operation
 * through the pipeline (MCP is mounted apart). Every answer carries CORS_HEADERS.
 * `left`: a signal that aborts when the client leaves before its answer, asked
 * for only by the developer endpoints that hold a connection (a wait, listen).
 */
export async function answerCall(
  method: string, path: string, headers: HeaderBag, readBody: (limit?: number) => Promise<string>, query = "", left?: () => AbortSignal,
): Promise<GatewayResult> {
  const result = await route(method.toUpperCase(), path, headers, readBody, query, left);
  Object.assign(result.headers, CORS_HEADERS);
  return result;
}

/** The path under {base_url} of a request path (raw, percent-encoding kept). */
export function gatewayPath(pathname: string): string {
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || "/" : pathname;
}

export function toResponse(result: GatewayResult): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: { "content-type": "application/json; charset=utf-8", ...result.headers },
  });
}
