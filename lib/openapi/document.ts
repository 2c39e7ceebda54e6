// One API's OpenAPI 3.1 description, generated from the catalog and its zod schemas.
import { camelId, groupOf, type Api, type Operation } from "@/lib/catalog";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";
import { typeName } from "@/lib/docs/names";
import { scenarioRequest } from "@/lib/docs/samples";
import { pathParams } from "@/lib/docs/schema";
import { scenarioTriggerText } from "@/lib/docs/triggers";
import { baseUrl, opsOf, origin, tokenUrl } from "@/lib/docs/urls";
import { callbackOperation, operationCallbacks } from "./callbacks";
import { componentSchemas, ref } from "./components";
import { operationResponses, RESPONSE_HEADERS } from "./responses";
import { TOKEN_BASIC_SCHEME, TOKEN_PATH, tokenBasicScheme, tokenOperation } from "./token-path";

/** collect.push → collectPush (lib/catalog camelId) */
export const operationId = camelId;

function scenarioParameter(op: Operation) {
  return {
    name: "X-Svc-Scenario",
    in: "header",
    required: false,
    description: [
      "Forces a scenario of this operation (your app's test numbers and magic values are then ignored; a `reference` already taken still answers 409 DUPLICATE_REFERENCE, checked first). " +
        "A key that is not one of this operation's is ignored, not refused: the call runs as without the header, and the answer's " +
        "`x-svc-scenario-ignored` header names the key, so a typo shows. This operation's keys:",
      ...op.scenarios.map((s) => `- \`${s.key}\` (${s.status}): ${s.summary} Trigger: ${scenarioTriggerText(s)}.`),
    ].join("\n"),
    // A string, not an enum: other values are accepted (and ignored), so a validating proxy must not refuse them.
    schema: { type: "string", examples: op.scenarios.map((s) => s.key) },
    examples: Object.fromEntries(op.scenarios.map((s) => [s.key, { summary: `${s.key} (${s.status})`, value: s.key }])),
  };
}

/** The licence of every document, the developer API's too. */
export const documentLicense = () => ({ name: "Svc Sandbox terms of use", url: `${origin()}/docs` });

const timeScaleParameter = {
  name: "X-Svc-Time-Scale",
  in: "header",
  required: false,
  description:
    "Multiplies every scripted delay of this call: the response delay, the callback delay and when the resource's status changes. " +
    "A decimal from 0 to 1: `1` = the documented timings, `0.1` = ten times faster, `0` = instant (callback due at once). " +
    "Default: your app's time scale (1 unless you changed it). Any other value answers 400 VALIDATION_ERROR.",
  schema: { type: "number", minimum: 0, maximum: 1 },
  examples: { instant: { value: 0 }, tenTimesFaster: { value: 0.1 } },
};

/** One named example per scenario: the request that picks it (its magic value; else send X-Svc-Scenario). */
const scenarioExamples = (op: Operation, value: (req: ReturnType<typeof scenarioRequest>) => unknown) =>
  Object.fromEntries(op.scenarios.map((s) => [s.key, { summary: `Scenario ${s.key}: ${s.summary} Trigger: ${scenarioTriggerText(s)}.`, value: value(scenarioRequest(op, s)) }]));

function operation(op: Operation) {
  return {
    operationId: operationId(op),
    summary: op.summary,
    description: op.description,
    tags: [op.api],
    parameters: [
      ...pathParams(op).map((p) => ({
        name: p.name, in: "path", required: true, description: p.description, schema: p.schema,
        examples: scenarioExamples(op, (req) => req.params[p.name]),
      })),
      scenarioParameter(op),
      timeScaleParameter,
    ],
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: ref("schemas", typeName(op, "Request")), examples: scenarioExamples(op, (req) => req.body) } } } }
      : {}),
    responses: operationResponses(op),
    ...(op.callback ? { callbacks: operationCallbacks(op) } : {}),
  };
}

export function openApiDocument(api: Api) {
  const mine = opsOf(api.id);
  const paths: Record<string, Record<string, unknown>> = { [TOKEN_PATH]: { post: tokenOperation() } };
  for (const op of mine) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op);
  const group = groupOf(mine[0]!);
  return {
    openapi: "3.1.0",
    info: {
      title: `${api.name} API`,
      version: api.version,
      contact: { name: "Svc Sandbox developer portal", url: `${origin()}/docs` },
      license: documentLicense(),
      description: `${api.description}\n\nGroup: ${group.name}${group.needsReview ? " (subscriptions need an operator's review)" : ""}.${api.changes ? ` ${api.changes}` : ""}\n\nSandbox: scripted outcomes, real callbacks, no money moves. Production: coming later.\n\nEvery scenario is a named example of its request, response and callback: in a mock server such as Prism, pick one with \`Prefer: code=<status>, example=<scenario>\`.`,
    },
    servers: [{ url: baseUrl(), description: "Sandbox" }],
    security: [{ clientCredentials: [] }],
    tags: [{ name: api.id, description: api.name }, { name: "oauth", description: "The token endpoint" }],
    paths,
    webhooks: Object.fromEntries(mine.filter((op) => op.callback).map((op) => [`${operationId(op)}Result`, { post: callbackOperation(op) }])),
    components: {
      securitySchemes: {
        clientCredentials: {
          type: "oauth2",
          description: `Basic auth with the consumer key and secret; the access token lasts ${TOKEN_LIFETIME_S} s and has no refresh token.`,
          flows: { clientCredentials: { tokenUrl: tokenUrl(), scopes: {} } },
        },
        [TOKEN_BASIC_SCHEME]: tokenBasicScheme,
      },
      schemas: componentSchemas(mine),
      headers: RESPONSE_HEADERS,
    },
  };
}
