// The gateway mounted on our node:http server (server/route.ts sends every
// path under {base_url} here): MCP at {base_url}/mcp through its web-standard
// transport, everything else through the gateway's routing rule
// (lib/gateway/routes.ts answerCall) without Web Request/Response objects.
import type http from "node:http";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { nodeHeaders, readNodeBody, sendEventStream, sendJson, sendWebResponse, toWebRequest, webRequestCarries } from "@/lib/http/node-io";
import { answerCall, gatewayPath, MCP_PATH } from "@/lib/gateway";
import { handleMcpRequest } from "@/lib/mcp/handler";
import { noteAppId } from "@/lib/log";

export async function serveGateway(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, origin: string): Promise<void> {
  const path = gatewayPath(pathname);
  // A method no Web request carries (TRACE) is no MCP message: the routing rule below answers it like any other call.
  if (path === MCP_PATH && webRequestCarries(req.method)) {
    return sendWebResponse(res, await handleMcpRequest(toWebRequest(req, origin)));
  }
  const q = (req.url ?? "").indexOf("?");
  const query = q < 0 ? "" : (req.url ?? "").slice(q + 1);
  // The client left before its answer (its socket closed): what holds the connection (a wait) ends now.
  // The signal is made only when asked for (most calls never hold a connection).
  let left = false;
  let gone: AbortController | undefined;
  const leave = () => {
    if (res.writableFinished) return;
    left = true;
    gone?.abort();
  };
  const signal = () => {
    if (!gone) {
      gone = new AbortController();
      if (left) gone.abort();
    }
    return gone.signal;
  };
  res.once("close", leave);
  const result = await answerCall(req.method ?? "GET", path, nodeHeaders(req), (limit = MAX_BODY_BYTES) => readNodeBody(req, limit), query, signal);
  res.off("close", leave);
  noteAppId(req, result.appId); // the request's log line names the app (server/route.ts)
  // X-Svc-Fault: lost_response: the call was committed; the client gets no answer at all.
  if (result.drop) return void res.destroy();
  if (result.stream) return sendEventStream(req, res, result.headers, result.stream);
  sendJson(res, result.status, result.headers, result.body);
}
