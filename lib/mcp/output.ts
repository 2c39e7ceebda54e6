// The outputSchema every tool declares: the structured content toToolResult
// (result.ts) returns — on success `{status, scenario, requestId, body}` with
// the operation's (or developer endpoint's) success bodies, on a tool error the
// error body with its status. Clients (the MCP SDK) validate results against it.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import type { JsonSchema } from "@/lib/docs/schema";
import { responseSchema } from "@/lib/docs/schema";

/** `bodies`: the success bodies' JSON Schemas (none: no body, `null`). */
export function toolOutputSchema(bodies: JsonSchema[]): Tool["outputSchema"] {
  const body = bodies.length === 0 ? { type: "null" } : bodies.length === 1 ? bodies[0]! : { anyOf: bodies };
  const error = responseSchema(errorBodySchema);
  return {
    type: "object",
    anyOf: [
      {
        type: "object",
        description: "Success: the HTTP status, the scenario that produced the answer (null for a developer endpoint), the request id and the response body.",
        required: ["status", "scenario", "requestId", "body"],
        properties: {
          status: { type: "integer", minimum: 100, maximum: 399 },
          scenario: { type: ["string", "null"] },
          requestId: { type: "string" },
          body,
        },
      },
      {
        type: "object",
        description: "A tool error (isError): the gateway's error body, its HTTP status, the scenario that produced it, if one did, and on a 503 or 429 the seconds to wait before calling again (the Retry-After header).",
        required: [...(error.required ?? []), "status"],
        properties: {
          ...error.properties, status: { type: "integer", minimum: 400, maximum: 599 }, scenario: { type: "string" }, retryAfter: { type: "integer", minimum: 0 },
        },
      },
    ],
  };
}
