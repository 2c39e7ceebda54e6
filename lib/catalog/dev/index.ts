// Every developer endpoint, and the lookups the gateway and MCP use.
import { listenEndpoints } from "./listen";
import { callbackEndpoints } from "./callbacks";
import { resetEndpoints } from "./reset";
import { settingsEndpoints } from "./settings";
import { testNumberEndpoints } from "./test-numbers";
import type { DevEndpoint } from "./types";

export * from "./types";
export * from "./settings";
export * from "./listen";
export * from "./callbacks";
export * from "./reset";
export * from "./test-numbers";

export const devEndpoints: readonly DevEndpoint[] = [...settingsEndpoints, ...testNumberEndpoints, ...callbackEndpoints, ...resetEndpoints, ...listenEndpoints];

const compiled = devEndpoints.map((e) => {
  const names: string[] = [];
  const pattern = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { e, regex: new RegExp(`^${pattern}/?$`), names };
});

/** The endpoint a method and path (under {base_url}) address, with its path parameters; `pathMatched` when only the method is wrong. */
export function matchDevEndpoint(method: string, path: string): { endpoint: DevEndpoint; params: Record<string, string> } | { pathMatched: boolean } {
  let pathMatched = false;
  for (const { e, regex, names } of compiled) {
    const m = regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (e.method !== method.toUpperCase()) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      const raw = m[i + 1]!;
      try {
        params[n] = decodeURIComponent(raw);
      } catch {
        params[n] = raw;
      }
    });
    return { endpoint: e, params };
  }
  return { pathMatched };
}

export function devEndpointByTool(tool: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.tool === tool);
}

export function devEndpointById(id: string): DevEndpoint | undefined {
  return devEndpoints.find((e) => e.id === id);
}
