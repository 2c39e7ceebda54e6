// Every developer endpoint, and the lookups the gateway and MCP use.
import { listenEndpoints } from "./listen";
import { callbackEndpoints } from "./callbacks";
import { resetEndpoints } from "./reset";
import { settingsEndpoints } from "./settings";
import { testNumberEndpoints } from "./test-numbers";
import { compilePath, matchPath } from "../paths";
import type { DevEndpoint } from "./types";

export * from "./types";
export * from "./settings";
export * from "./listen";
export * from "./callbacks";
export * from "./reset";
export * from "./test-numbers";

export const devEndpoints: readonly DevEndpoint[] = [...settingsEndpoints, ...testNumberEndpoints, ...callbackEndpoints, ...resetEndpoints, ...listenEndpoints];

const compiled = devEndpoints.map((e) => ({ e, path: compilePath(e.path) }));

/** The endpoint a method and path (under {base_url}) address, with its path parameters; `pathMatched` when only the method is wrong. */
export function matchDevEndpoint(method: string, path: string): { endpoint: DevEndpoint; params: Record<string, string> } | { pathMatched: boolean } {
  let pathMatched = false;
  for (const c of compiled) {
    const params = matchPath(c.path, path);
    if (!params) continue;
    pathMatched = true;
    if (c.e.method === method.toUpperCase()) return { endpoint: c.e, params };
  }
  return { pathMatched };
}

export function devEndpointByTool(tool: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.tool === tool);
}

export function devEndpointById(id: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.id === id);
}
