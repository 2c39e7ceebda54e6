// MCP tools of the developer endpoints (lib/catalog/dev): one tool each (the
// streams excepted), whose call runs the gateway's dev steps like an HTTP call.
import { z } from "zod";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { devEndpoints, type DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { jsonSchema, responseSchema } from "@/lib/docs/schema";
import { handleCall, DEV_STEPS } from "@/lib/gateway/pipeline";
import { findDevEndpoint } from "@/lib/gateway/steps/devapi";
import type { GatewayCall, Step } from "@/lib/gateway/context";
import { toolOutputSchema } from "./output";
import { toToolResult } from "./result";

function devToolInput(e: DevEndpoint) {
  return z.object({ ...(e.params?.shape ?? {}), ...(e.query?.shape ?? {}), ...(e.body?.shape ?? {}) });
}

export function devToolOf(e: DevEndpoint): Tool {
  return {
    name: e.tool!,
    title: e.summary,
    description: `${e.summary}. ${e.description}\n\nDeveloper endpoint ${e.method} {base_url}${e.path}: not counted toward the per-minute limit, recorded in the request log.`,
    inputSchema: jsonSchema(devToolInput(e), "input") as Tool["inputSchema"],
    outputSchema: toolOutputSchema(e.status === 204 ? [] : [responseSchema(e.response)]),
    annotations: { title: e.summary, readOnlyHint: e.method === "GET", destructiveHint: e.destructive === true, openWorldHint: false },
  };
}

/** The tools, made when listed: a description may name the serving portal's settings (lib/catalog/dev-endpoints/sandbox-endpoints.ts). */
export const devTools = (): readonly Tool[] => devEndpoints.filter((e) => e.tool && !e.stream).map(devToolOf);

/** The tool names its endpoint: path parameters from the arguments, the rest as query (GET) or body. */
export async function callDevTool(e: DevEndpoint, args: Record<string, unknown>, authorization: string | null): Promise<CallToolResult> {
  const names = new Set(Object.keys(e.params?.shape ?? {}));
  const params: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined) continue;
    if (names.has(k)) params[k] = String(v);
    else rest[k] = v;
  }
  const headers = new Headers();
  if (authorization) headers.set("authorization", authorization);
  const path = e.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(params[n] ?? ""));
  const query = e.method === "GET" ? new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString() : "";
  const call: GatewayCall = { method: e.method, path, headers, query, readBody: async () => JSON.stringify(rest), via: "mcp" };
  const addressed: Step = (s) => {
    s.endpoint = e;
    s.params = params;
  };
  return toToolResult(await handleCall(call, undefined, DEV_STEPS.map((st) => (st === findDevEndpoint ? addressed : st))));
}
