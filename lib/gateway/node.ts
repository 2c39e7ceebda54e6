// The gateway mounted on node:http (our server, server/main.ts): the same
// routing rule as the web-standard mount (./http.ts), without building Web
// Request/Response objects on the hot path. MCP keeps its web-standard transport.
import type http from "node:http";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { nodeHeaders, readNodeBody, sendEventStream, sendJson, sendWebResponse, toWebRequest } from "@/lib/http/node";
import { answerCall, gatewayPath, MCP_PATH } from "./http";

export async function serveSandbox(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, origin: string): Promise<void> {
  const path = gatewayPath(pathname);
  if (path === MCP_PATH) {
    const { handleMcpRequest } = await import("@/lib/mcp/handler");
    return sendWebResponse(res, await handleMcpRequest(toWebRequest(req, origin)));
  }
  const q = (req.url ?? "").indexOf("?");
  const query = q < 0 ? "" : (req.url ?? "").slice(q + 1);
  const result = await answerCall(req.method ?? "GET", path, nodeHeaders(req), () => readNodeBody(req, MAX_BODY_BYTES), query);
  if (result.stream) return sendEventStream(req, res, result.headers, result.stream);
  sendJson(res, result.status, result.headers, result.body);
}
