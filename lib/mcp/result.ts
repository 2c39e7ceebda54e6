// How a gateway answer reads as an MCP tool result. Pure (the docs show it too).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { SCENARIO_HEADER } from "@/lib/engine";
import type { GatewayResult } from "@/lib/gateway/context";

/**
 * Success: `{status, scenario, requestId, body}`. Errors (status >= 400) are tool
 * errors carrying the error body `{error, message, requestId}` plus the status
 * (the scenario when one produced the error, and `retryAfter`, the Retry-After
 * header's seconds, on a 503 or 429 that has one). The text is the same JSON.
 */
export function toToolResult(result: GatewayResult): CallToolResult {
  if (result.drop) {
    // fault lost_response: the call was committed and no answer comes back, as when a connection closes.
    const text = "the connection closed with no answer (fault lost_response, on purpose): the call may have gone through; retry with the same reference";
    return { isError: true, content: [{ type: "text", text }] };
  }
  const scenario = result.headers[SCENARIO_HEADER];
  const structured: Record<string, unknown> =
    result.status >= 400
      ? { ...(result.body as object), status: result.status, ...(scenario ? { scenario } : {}), ...retryAfterOf(result.headers) }
      : { status: result.status, scenario: scenario ?? null, requestId: result.headers["x-request-id"], body: result.body };
  return {
    ...(result.status >= 400 ? { isError: true } : {}),
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}


/** A Retry-After header's seconds as `{retryAfter}`; none without one. */
function retryAfterOf(headers: GatewayResult["headers"]): { retryAfter?: number } {
  const value = Number(headers["retry-after"] ?? Number.NaN);
  return Number.isInteger(value) && value >= 0 ? { retryAfter: value } : {};
}
