// The developer endpoints' own OpenAPI 3.1 document (/openapi/dev.json|yaml),
// generated from lib/catalog/dev and the dev order of checks (DEV_CHECKS).
import type { z } from "zod";
import { devEndpoints, type DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { ERROR_TEXT } from "@/lib/docs/error-text";
import { devOperationId, devTypeName } from "@/lib/docs/names";
import { jsonSchema, responseSchema, type JsonSchema } from "@/lib/docs/schema";
import { baseUrl, origin, tokenUrl } from "@/lib/docs/urls";
import { DEV_CHECKS } from "@/lib/gateway/pipeline";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { documentLicense } from "./document";
import { RESPONSE_HEADERS } from "./responses";
import { TOKEN_BASIC_SCHEME, TOKEN_PATH, tokenBasicScheme, tokenOperation } from "./token-path";

export { devOperationId };
const typeName = devTypeName;

const REQUEST_ID = "req_7fQ2mXc9LpR4tV8wZk1sHd";

/** The codes of the input check (parseDevInput) for one endpoint, each with when: X-Svc-Fault is refused on every one. */
function inputErrors(e: DevEndpoint): [ErrorCode, string][] {
  const fault = "`X-Svc-Fault` was sent: faults apply to operation calls only.";
  const invalid: [ErrorCode, string] = ["VALIDATION_ERROR", `A path parameter, query or body field breaks its rule; the message names each and \`details\` lists them. Or: ${fault}`];
  if (e.method === "GET") return [e.query || e.params ? invalid : ["VALIDATION_ERROR", fault]];
  return [
    ["INVALID_BODY", "The body is not valid JSON, or not a JSON object."],
    ["BODY_TOO_LARGE", `The body is over ${(e.maxBodyBytes ?? MAX_BODY_BYTES) / 1024} KiB.`],
    ["UNSUPPORTED_MEDIA_TYPE", "A body sent with a Content-Type other than application/json (or another +json type)."],
    e.body || e.params ? invalid : ["VALIDATION_ERROR", fault],
  ];
}

/** An empty body is read as `{}` (lib/engine/request.ts parseJsonBody): the body is required only when `{}` breaks its schema. */
const bodyRequired = (e: DevEndpoint) => !!e.body && !e.body.safeParse({}).success;

function words(code: ErrorCode): string {
  const text = ERROR_TEXT[code];
  if (!text) throw new Error(`lib/docs/error-text.ts has no words for ${code}`);
  return text;
}

/**
 * The codes one developer endpoint can answer, in the order of its checks
 * (DEV_CHECKS), each with when: the token and suspension checks, its input's,
 * then its handler's own (the endpoint's `errors`). Not NO_SUCH_OPERATION: the
 * path and method are this endpoint's.
 */
export function devErrors(e: DevEndpoint): { code: ErrorCode; when: string }[] {
  const rows = new Map<ErrorCode, string[]>();
  const add = (code: ErrorCode, when: string) => rows.set(code, [...(rows.get(code) ?? []), when]);
  for (const c of DEV_CHECKS) {
    if (c.name === "findDevEndpoint") continue;
    if (c.name === "parseDevInput") for (const [code, when] of inputErrors(e)) add(code, when);
    else if (c.name === "runDevEndpoint") for (const [code, when] of Object.entries(e.errors) as [ErrorCode, string][]) add(code, when);
    else for (const code of c.answers) add(code, words(code));
  }
  return [...rows].map(([code, when]) => ({ code, when: when.join(" Or: ") }));
}

/** The codes a developer endpoint can answer, in the order of its checks. */
export const devCodes = (e: DevEndpoint): ErrorCode[] => devErrors(e).map((r) => r.code);

function parameters(e: DevEndpoint) {
  const props = (schema: z.ZodObject | undefined) => Object.entries<JsonSchema>((schema ? jsonSchema(schema, "input") : {}).properties ?? {});
  const required = (schema: z.ZodObject | undefined) => new Set<string>(schema ? (jsonSchema(schema, "input").required ?? []) : []);
  const path = props(e.params).map(([name, s]) => {
    const { description, ...schema } = s;
    return { name, in: "path", required: true, ...(description ? { description } : {}), schema };
  });
  const need = required(e.query);
  const query = props(e.query).map(([name, s]) => {
    const { description, ...schema } = s;
    const example = e.example?.input?.[name];
    return { name, in: "query", required: need.has(name), ...(description ? { description } : {}), schema, ...(example !== undefined ? { example } : {}) };
  });
  return [...path, ...query];
}

const headerRef = (name: keyof typeof HEADERS) => ({ [name]: { $ref: `#/components/headers/${name}` } });
const HEADERS = { "x-request-id": RESPONSE_HEADERS["x-request-id"], "retry-after": RESPONSE_HEADERS["retry-after"], "www-authenticate": RESPONSE_HEADERS["www-authenticate"] };
const ERROR_HEADERS: Record<number, Record<string, unknown>> = { 401: headerRef("www-authenticate"), 429: headerRef("retry-after") };

function success(e: DevEndpoint) {
  const headers = headerRef("x-request-id");
  if (e.stream) return { description: "A stream of Server-Sent Events (text/event-stream).", headers, content: { "text/event-stream": { schema: { type: "string" } } } };
  if (e.status === 204) return { description: `${e.summary}: no body.`, headers };
  const example = e.example?.response === undefined ? {} : { example: e.example.response };
  return { description: e.summary, headers, content: { "application/json": { schema: { $ref: `#/components/schemas/${typeName(e, "Response")}` }, ...example } } };
}

function responses(e: DevEndpoint) {
  const out: Record<string, unknown> = { [String(e.status ?? 200)]: success(e) };
  const byStatus = new Map<number, { code: ErrorCode; when: string }[]>();
  for (const row of devErrors(e)) byStatus.set(ERROR_STATUS[row.code], [...(byStatus.get(ERROR_STATUS[row.code]) ?? []), row]);
  for (const [status, rows] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: rows.map((r) => `- \`${r.code}\`: ${r.when}`).join("\n"),
      headers: { ...headerRef("x-request-id"), ...ERROR_HEADERS[status] },
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          examples: Object.fromEntries(rows.map((r) => [r.code, { summary: r.code, value: { error: r.code, message: r.when, requestId: REQUEST_ID } }])),
        },
      },
    };
  }
  return out;
}

function operation(e: DevEndpoint) {
  return {
    operationId: devOperationId(e),
    summary: e.summary,
    description: `${e.description}${e.tool ? `\n\nMCP tool: \`${e.tool}\`.` : ""}`,
    tags: ["developer"],
    parameters: parameters(e),
    ...(e.body
      ? { requestBody: { required: bodyRequired(e), content: { "application/json": { schema: { $ref: `#/components/schemas/${typeName(e, "Request")}` }, ...(e.example?.input ? { example: e.example.input } : {}) } } } }
      : {}),
    responses: responses(e),
  };
}

export function devOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = { [TOKEN_PATH]: { post: tokenOperation() } };
  const schemas: Record<string, JsonSchema> = {};
  for (const e of devEndpoints) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(e);
    if (e.body) schemas[typeName(e, "Request")] = jsonSchema(e.body, "input");
    if (!e.stream && e.status !== 204) schemas[typeName(e, "Response")] = responseSchema(e.response);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Sandbox developer API",
      version: "1.0.0",
      contact: { name: "Svc Sandbox developer portal", url: `${origin()}/docs/dev` },
      license: documentLicense(),
      description:
        "Tools for testing against the sandbox: time scale, waiting for a callback (or asserting that none arrives), held resources resolved by hand, " +
        "one timeline per resource, test numbers, replay, reset, callback faults, the inbox stream, receiver checks, signature explain, readiness " +
        "and throwaway sandboxes. Same bearer token and error body as the gateway; every call is recorded in the request log and none counts " +
        "toward the per-minute limit. Sandbox only: production has no such endpoints.",
    },
    servers: [{ url: baseUrl(), description: "Sandbox" }],
    security: [{ clientCredentials: [] }],
    tags: [{ name: "developer", description: "Developer endpoints" }, { name: "oauth", description: "The token endpoint" }],
    paths,
    components: {
      securitySchemes: {
        clientCredentials: { type: "oauth2", description: "The gateway's access token.", flows: { clientCredentials: { tokenUrl: tokenUrl(), scopes: {} } } },
        [TOKEN_BASIC_SCHEME]: tokenBasicScheme,
      },
      schemas: { ...schemas, Error: responseSchema(errorBodySchema) },
      headers: HEADERS,
    },
  };
}
