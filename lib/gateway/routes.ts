// The gateway's one routing rule (answerCall): which calls under {base_url} go
// to the token endpoint, the developer API or the operations' pipeline, the CORS
// preflight (answered here, before any token check: browsers cannot send one),
// and the CORS headers on every answer (cors.ts). A method a path does not take
// goes through the checks like any call: 401 without a token, else 404
// NO_SUCH_OPERATION with `Allow` (lib/catalog/methods.ts). Our server's
// node:http mount (server/gateway.ts) and MCP (toResponse) use it.
import type { HeaderBag } from "@/lib/http/node-io";
import type { GatewayResult } from "./context";
import { DEV_PREFIX } from "@/lib/catalog/dev-endpoints";
import { TOKEN_PATH, methodsAt } from "@/lib/catalog/methods";
import { newId } from "@/lib/ids";
import { CORS_HEADERS, preflightHeaders } from "./cors";
import { DEV_STEPS, handleCall } from "./pipeline";
import { issueToken } from "./token";

export const BASE_PATH = "/sandbox";
export { TOKEN_PATH };
export const MCP_PATH = "/mcp";

function dispatchCall(
  method: string, path: string, headers: HeaderBag, readBody: (limit?: number) => Promise<string>, query: string, left?: () => AbortSignal,
): Promise<GatewayResult> | GatewayResult {
  if (method === "OPTIONS" && headers.get("access-control-request-method") !== null) {
    return { status: 204, headers: { "x-request-id": newId("req"), ...preflightHeaders(methodsAt(path)) }, body: null };
  }
  if (method === "POST" && path === TOKEN_PATH) return issueToken(headers, readBody);
  if (path.startsWith(`${DEV_PREFIX}/`)) return handleCall({ method, path, headers, readBody, query, via: "http", signal: left?.() }, undefined, DEV_STEPS);
  return handleCall({ method, path, headers, readBody, via: "http" });
}

/**
 * A call under {base_url}: a CORS preflight (OPTIONS with
 * Access-Control-Request-Method: 204), POST to the token endpoint, a developer
 * endpoint's path (the pipeline's dev steps), else the operations' pipeline,
 * whose checks answer any other method or path (MCP is mounted apart). Every
 * answer carries CORS_HEADERS.
 * `left`: a signal that aborts when the client leaves before its answer, asked
 * for only by the developer endpoints that hold a connection (a wait, listen).
 */
export async function answerCall(
  method: string, path: string, headers: HeaderBag, readBody: (limit?: number) => Promise<string>, query = "", left?: () => AbortSignal,
): Promise<GatewayResult> {
  const result = await dispatchCall(method.toUpperCase(), path, headers, readBody, query, left);
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
