// The gateway's one routing rule (answerCall), shared by every mount: our
// server's node:http mount (./node.ts) and the web-standard pieces MCP and the
// inspector use (readLimited, toResponse).
import { ApiError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/engine";
import type { HeaderBag } from "@/lib/http/node";
import type { GatewayResult } from "./context";
import { DEV_PREFIX } from "@/lib/catalog/dev";
import { DEV_STEPS, handleCall } from "./pipeline";
import { issueToken } from "./token";

export const BASE_PATH = "/sandbox";
export const TOKEN_PATH = "/oauth/v1/token";
export const MCP_PATH = "/mcp";

/**
 * A path under {base_url}: the token endpoint, a developer endpoint (the
 * pipeline's dev steps), else an operation through the pipeline (MCP is mounted apart).
 */
export function answerCall(method: string, path: string, headers: HeaderBag, readBody: () => Promise<string>, query = ""): Promise<GatewayResult> {
  if (path === TOKEN_PATH && method === "POST") return issueToken(headers, readBody);
  if (path.startsWith(`${DEV_PREFIX}/`)) return handleCall({ method, path, headers, readBody, query, via: "http" }, undefined, DEV_STEPS);
  return handleCall({ method, path, headers, readBody, via: "http" });
}

/** The path under {base_url} of a request path (raw, percent-encoding kept). */
export function gatewayPath(pathname: string): string {
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || "/" : pathname;
}

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
