// {base_url}/mcp: Streamable HTTP, stateless (a new server and transport per
// request), JSON responses. The bearer token is checked by the gateway's own
// authenticate step, with the gateway's 401 answers.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { gatewayStore } from "@/lib/gateway/store";
import { nowDate } from "@/lib/runtime";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CallState } from "@/lib/gateway/context";
import { MAX_BODY_BYTES, checkDepth } from "@/lib/engine";
import { MCP_PATH, toResponse } from "@/lib/gateway/routes";
import { readLimited } from "@/lib/http/web-body";
import { authenticate } from "@/lib/gateway/steps/authenticate";
import { createMcpServer } from "./server";

function refusal(e: unknown, requestId: string): Response {
  const err = toApiError(e, "mcp", requestId);
  return toResponse({
    status: err.status,
    headers: { ...err.headers, "x-request-id": requestId },
    body: errorBody(err.code, err.message, requestId),
  });
}

/** The JSON-RPC body, size- and depth-checked before the SDK walks it (deep arguments would overflow its validation). */
async function readJsonRpc(request: Request): Promise<unknown> {
  const text = await readLimited(request, MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_BODY", "the request body must be a JSON-RPC message in JSON");
  }
  checkDepth(value);
  return value;
}

export async function handleMcpRequest(request: Request): Promise<Response> {
  const s: CallState = {
    call: { method: request.method, path: MCP_PATH, headers: request.headers, readBody: async () => "", via: "mcp" },
    requestId: newId("req"),
    receivedAt: nowDate(),
    started: performance.now(),
    headers: {},
  };
  let parsedBody: unknown;
  try {
    await authenticate(s, gatewayStore());
    // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
    if (request.method !== "POST") {
      throw new ApiError("METHOD_NOT_ALLOWED", "the MCP endpoint takes POST (Streamable HTTP, stateless)", { allow: "POST" });
    }
    parsedBody = await readJsonRpc(request);
  } catch (e) {
    return refusal(e, s.requestId);
  }
  const server = createMcpServer({ app: s.app!, authorization: request.headers.get("authorization") });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
