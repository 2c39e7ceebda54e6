// Every developer endpoint, and the lookups the gateway and MCP use.
import { listenEndpoints } from "./listen-endpoints";
import { callbackEndpoints } from "./callback-endpoints";
import { resetEndpoints } from "./reset-endpoints";
import { resourceEndpoints } from "./resource-endpoints";
import { sandboxEndpoints } from "./sandbox-endpoints";
import { settingsEndpoints } from "./settings-endpoints";
import { testNumberEndpoints } from "./test-number-endpoints";
import { goLiveEndpoints } from "./go-live-endpoints";
import { floatEndpoints } from "./float-endpoints";
import { clientCheckEndpoints } from "./client-check-endpoints";
import { compilePath, matchPath } from "../paths";
import type { DevEndpoint } from "./endpoint";

export * from "./endpoint";
export * from "./settings-endpoints";
export * from "./fault-plan";
export * from "./listen-endpoints";
export * from "./callback-endpoints";
export * from "./reset-endpoints";
export * from "./resource-endpoints";
export * from "./test-number-endpoints";
export * from "./go-live-endpoints";
export * from "./client-check-endpoints";
export * from "./sandbox-endpoints";
export * from "./float-endpoints";

export const devEndpoints: readonly DevEndpoint[] = [
  ...settingsEndpoints, ...testNumberEndpoints, ...callbackEndpoints, ...resourceEndpoints, ...resetEndpoints, ...listenEndpoints,
  ...goLiveEndpoints, ...clientCheckEndpoints, ...sandboxEndpoints, ...floatEndpoints,
];

const compiled = devEndpoints.map((e) => ({ e, path: compilePath(e.path) }));

/** The endpoint a method and path (under {base_url}) address, with its path parameters; null for another method or path (NO_SUCH_OPERATION). */
export function matchDevEndpoint(method: string, path: string): { endpoint: DevEndpoint; params: Record<string, string> } | null {
  for (const c of compiled) {
    if (c.e.method !== method.toUpperCase()) continue;
    const params = matchPath(c.path, path);
    if (params) return { endpoint: c.e, params };
  }
  return null;
}

/** The methods of the developer endpoints at a path (under {base_url}); empty when none has that path. */
export function devMethodsAt(path: string): string[] {
  return [...new Set(compiled.filter((c) => matchPath(c.path, path)).map((c) => c.e.method))];
}

export function devEndpointByTool(tool: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.tool === tool);
}

export function devEndpointById(id: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.id === id);
}
