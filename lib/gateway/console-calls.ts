// The developer endpoints the console calls for its signed-in user (the Handset's
// resolve: app/api/console/apps/[appId]/resources/[resourceId]/resolve): the same
// service the developer API runs, its request-log row written by the request log's
// one writer (request-log.ts `consoleLogRow`, through the gateway store's commit
// like every call's), `via` console.
import { resolveHeld, type ResolveResult } from "@/lib/callbacks";
import { devEndpointById } from "@/lib/catalog/dev-endpoints";
import { consoleLogRow } from "./request-log";
import { gatewayStore } from "./store";

const RESOLVE = devEndpointById("dev.resources.resolve")!;

/** A held resource resolved from the console's Handset (lib/callbacks/held.ts `resolveHeld`, `via` console), and its log row. */
export async function resolveFromConsole(appId: string, resourceId: string, scenario: string): Promise<ResolveResult> {
  const started = performance.now();
  const result = await resolveHeld(appId, resourceId, scenario, { via: "console" });
  await gatewayStore().commit({
    log: consoleLogRow({
      requestId: result.requestId!, appId, endpoint: RESOLVE, params: { id: resourceId }, status: 200, requestBody: { scenario: result.scenarioKey },
      responseBody: result, durationMs: Math.round(performance.now() - started), createdAt: new Date(result.resolvedAt),
    }),
  });
  return result;
}
