// The token endpoint as an OpenAPI path, in every API's document and the developer API's, so a client
// generated from the document types it: POST /oauth/v1/token (under the
// server's {base_url}) as lib/gateway/token.ts answers it — Basic credentials
// (the key and secret), grant_type=client_credentials in the form body (the
// query is not read), the token or the token endpoint's errors.
import { TOKEN_PATH } from "@/lib/gateway/routes";
import { TOKEN_LIFETIME_S, tokenResponseSchema } from "@/lib/catalog/schemas/common";
import { tokenCodes, type CodeRow } from "@/lib/docs/errors";
import { responseSchema } from "@/lib/docs/schema";

export { TOKEN_PATH };

/** The security scheme of the token endpoint itself: HTTP Basic with the consumer key and secret. */
export const TOKEN_BASIC_SCHEME = "clientBasic";

export const tokenBasicScheme = {
  type: "http",
  scheme: "basic",
  description: "The consumer key as user name and the consumer secret as password (each may be form-urlencoded first, RFC 6749 §2.3.1).",
} as const;

const REQUEST_ID = "req_7fQ2mXc9LpR4tV8wZk1sHd";

// Written out, not referenced: the developer API's document has no components.headers of its own.
const requestIdHeader = { description: "Id of the request; error bodies carry the same value as requestId.", required: true, schema: { type: "string" } };
const errorHeaders: Record<number, Record<string, unknown>> = {
  401: { "www-authenticate": { description: 'On 401: `Basic realm="Svc Sandbox", charset="UTF-8", error="invalid_client", error_description="…"` (RFC 6749 §5.2; the description is the body\'s message).', schema: { type: "string" } } },
  429: { "retry-after": { description: "On 429: seconds to wait before trying again.", schema: { type: "integer" } } },
};

function errorResponse(status: number, rows: CodeRow[]) {
  return {
    description: rows.map((r) => `- \`${r.code}\`: ${r.condition}`).join("\n"),
    headers: { "x-request-id": requestIdHeader, ...errorHeaders[status] },
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        examples: Object.fromEntries(rows.map((r) => [r.code, { summary: r.code, value: { error: r.code, message: r.condition, error_description: r.condition, requestId: REQUEST_ID } }])),
      },
    },
  };
}

export function tokenOperation() {
  const byStatus = new Map<number, CodeRow[]>();
  for (const row of tokenCodes()) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row]);
  return {
    operationId: "getAccessToken",
    summary: "Get an access token",
    description: `Exchanges the app's consumer key and secret (HTTP Basic) for a bearer token that lasts ${TOKEN_LIFETIME_S} s; no refresh token: ask again.`,
    tags: ["oauth"],
    security: [{ [TOKEN_BASIC_SCHEME]: [] }],
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            required: ["grant_type"],
            properties: { grant_type: { type: "string", enum: ["client_credentials"], description: "Always `client_credentials`." } },
          },
          example: { grant_type: "client_credentials" },
        },
      },
    },
    responses: {
      "200": {
        description: "A bearer token for the operations' `Authorization: Bearer` header.",
        headers: {
          "x-request-id": requestIdHeader,
          "cache-control": { description: "`no-store`: a token is never cached.", schema: { type: "string" } },
        },
        content: {
          "application/json": {
            schema: responseSchema(tokenResponseSchema),
            example: { access_token: "q9Zt3WmX1cVbN7rLp2KsY8dFh4JgA6eT0uQwErTyUiO", token_type: "Bearer", expires_in: TOKEN_LIFETIME_S },
          },
        },
      },
      ...Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, rows]) => [String(status), errorResponse(status, rows)])),
    },
  };
}
