// The gateway as a web-standard handler (Request → Response). It knows nothing
// of Next: app/sandbox/[...path]/route.ts mounts it, and so can any server.
import { ApiError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/engine";
import type { GatewayResult } from "./context";
import { handleCall } from "./pipeline";
import { issueToken } from "./token";

export const BASE_PATH = "/sandbox";
export const TOKEN_PATH = "/oauth/v1/token";
export const MCP_PATH = "/mcp";

/** Reads a body, refusing it once it passes `limit` bytes (declared or streamed). */
export async function readLimited(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () => new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError("INVALID_BODY", "the request body could not be read");
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function toResponse(result: GatewayResult): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: { "content-type": "application/json; charset=utf-8", ...result.headers },
  });
}

/** Every request under {base_url}. */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || "/" : url.pathname;
  if (path === TOKEN_PATH && request.method === "POST") {
    return toResponse(await issueToken(request.headers, () => readLimited(request)));
  }
  if (path === MCP_PATH) {
    // Loaded on first use: no static import cycle (lib/mcp uses this file), and no SDK on the API path.
    const { handleMcpRequest } = await import("@/lib/mcp/handler");
    return handleMcpRequest(request);
  }
  const result = await handleCall({
    method: request.method,
    path,
    headers: request.headers,
    readBody: () => readLimited(request),
    via: "http",
  });
  return toResponse(result);
}
