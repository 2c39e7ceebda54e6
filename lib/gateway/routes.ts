// The gateway's one routing rule (answerCall): which paths under {base_url} go
// to the token endpoint, the developer API or the operations' pipeline. Our
// server's node:http mount (server/sandbox.ts) and MCP (toResponse) use it.
import type { HeaderBag } from "@/lib/http/node-io";
import type { GatewayResult } from "./context";
import { DEV_PREFIX } from "@/lib/catalog/devapi";
import { DEV_STEPS, handleCall } from "./pipeline";
import { issueToken } from "./token";

export const BASE_PATH = "/sandbox";
export const TOKEN_PATH = "/oauth/v1/token";
export const MCP_PATH = "/mcp";

/**
 * A path under {base_url}: the token endpoint, a developer endpoint (the
 * pipeline's dev steps), else an operation through the pipeline (MCP is mounted apart).
 */
export function answerCall(
  method: string, path: string, headers: HeaderBag, readBody: (limit?: number) => Promise<string>, query = "", signal?: AbortSignal,
): Promise<GatewayResult> {
  if (path === TOKEN_PATH) return issueToken(method, headers, readBody);
  if (path.startsWith(`${DEV_PREFIX}/`)) return handleCall({ method, path, headers, readBody, query, via: "http", signal }, undefined, DEV_STEPS);
  return handleCall({ method, path, headers, readBody, via: "http" });
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
