// One MCP server per request (stateless): tools/list shows the tools of the
// app's usable groups; tools/call runs any tool through the gateway pipeline.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { operationByTool } from "@/lib/catalog";
import { devEndpointByTool } from "@/lib/catalog/dev-endpoints";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import { callTool } from "./call";
import { callDevTool, devTools } from "./dev-tools";
import { toolsForApp } from "./tools";

export const SERVER_INFO = { name: "svc-sandbox", title: "Svc Sandbox", version: "1.0.0" };

const INSTRUCTIONS =
  "Tools of the payments gateway sandbox: scripted outcomes, no money moves, real callbacks to callbackUrl. " +
  "Each tool is one API operation; every call counts toward the app's per-minute rate limit like an HTTP call. " +
  "Use the `scenario` argument to force an outcome and `timeScale` (0 to 1) to shorten the scripted delays (0 = instant callbacks). Errors come back as tool errors with the gateway's error code. " +
  "The sandbox_dev_* tools are the developer endpoints (time scale, waiting for a callback, test numbers, replay, reset): " +
  "they do not count toward the limit.";

/**
 * The low-level Server rather than McpServer: our input schemas are JSON Schema
 * generated from the catalog, and validation must stay in the gateway (so that
 * magic values reach their scenarios and refused calls are logged and counted).
 */
export function createMcpServer(ctx: { app: AuthenticatedApp; authorization: string | null }): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...toolsForApp(ctx.app.subscriptions), ...devTools()] }));
  server.setRequestHandler(CallToolRequestSchema, (req) => {
    const args = req.params.arguments ?? {};
    const op = operationByTool(req.params.name);
    if (op) return callTool(op, args, ctx.authorization);
    const dev = devEndpointByTool(req.params.name);
    if (dev && !dev.stream) return callDevTool(dev, args, ctx.authorization);
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
  });
  return server;
}
