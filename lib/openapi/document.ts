// One API's OpenAPI 3.1 description, generated from the catalog and its zod schemas.
import { groupOf, type Api, type Operation } from "@/lib/catalog";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";
import { exampleBody } from "@/lib/docs/examples";
import { pathParams, requestSchema } from "@/lib/docs/schema";
import { scenarioTriggerText } from "@/lib/docs/triggers";
import { baseUrl, opsOf, tokenUrl } from "@/lib/docs/urls";
import { operationCallbacks } from "./callbacks";
import { errorSchema, operationResponses, RESPONSE_HEADERS } from "./responses";

/** collect.push → collectPush */
export const operationId = (op: Operation) => op.id.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

function scenarioParameter(op: Operation) {
  return {
    name: "X-Svc-Scenario",
    in: "header",
    required: false,
    description: [
      "Forces a scenario of this operation (magic values are then ignored); any other value is ignored.",
      ...op.scenarios.map((s) => `- \`${s.key}\` (${s.status}): ${s.summary} Trigger: ${scenarioTriggerText(s)}.`),
    ].join("\n"),
    schema: { type: "string", enum: op.scenarios.map((s) => s.key) },
  };
}

function operation(op: Operation) {
  const body = requestSchema(op);
  return {
    operationId: operationId(op),
    summary: op.summary,
    description: op.description,
    tags: [op.api],
    parameters: [
      ...pathParams(op).map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: p.schema })),
      scenarioParameter(op),
    ],
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body, example: exampleBody(op) } } } } : {}),
    responses: operationResponses(op),
    ...(op.callback ? { callbacks: operationCallbacks(op) } : {}),
  };
}

export function openApiDocument(api: Api) {
  const mine = opsOf(api.id);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of mine) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op);
  const group = groupOf(mine[0]!);
  return {
    openapi: "3.1.0",
    info: {
      title: `${api.name} API`,
      version: api.version,
      description: `${api.description}\n\nGroup: ${group.name}${group.needsReview ? " (subscriptions need an operator's review)" : ""}.${api.changes ? ` ${api.changes}` : ""}\n\nSandbox: scripted outcomes, real callbacks, no money moves. Production: coming later.`,
    },
    servers: [{ url: baseUrl(), description: "Sandbox" }],
    security: [{ clientCredentials: [] }],
    tags: [{ name: api.id, description: api.name }],
    paths,
    components: {
      securitySchemes: {
        clientCredentials: {
          type: "oauth2",
          description: `Basic auth with the consumer key and secret; the access token lasts ${TOKEN_LIFETIME_S} s and has no refresh token.`,
          flows: { clientCredentials: { tokenUrl: tokenUrl(), scopes: {} } },
        },
      },
      schemas: { Error: errorSchema() },
      headers: RESPONSE_HEADERS,
    },
  };
}
