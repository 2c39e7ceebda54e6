// The developer endpoints' own OpenAPI 3.1 document (/openapi/dev.json|yaml),
// generated from lib/catalog/dev and the dev order of checks (DEV_CHECKS).
import type { z } from "zod";
import { devEndpoints, type DevEndpoint } from "@/lib/catalog/devapi";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { ERROR_TEXT } from "@/lib/docs/error-text";
import { jsonSchema, responseSchema, type JsonSchema } from "@/lib/docs/schema";
import { baseUrl, origin, tokenUrl } from "@/lib/docs/urls";
import { DEV_CHECKS } from "@/lib/gateway/pipeline";
import { TOKEN_BASIC_SCHEME, TOKEN_PATH, tokenBasicScheme, tokenOperation } from "./token-path";

/** dev.callbacks.wait → devCallbacksWait */
export const devOperationId = (e: DevEndpoint) => e.id.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());
const typeName = (e: DevEndpoint, suffix: string) => devOperationId(e).replace(/^./, (c) => c.toUpperCase()) + suffix;

/** The codes a developer endpoint can answer, in the order of its checks. */
export function devCodes(e: DevEndpoint): ErrorCode[] {
  const codes = DEV_CHECKS.flatMap((c): ErrorCode[] => {
    if (c.name === "parseDevInput") return e.method === "GET" ? ["VALIDATION_ERROR"] : [...c.answers];
    if (c.name === "runDevEndpoint" && e.errors) return [...e.errors];
    return [...c.answers];
  });
  return [...new Set(codes)];
}

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

function success(e: DevEndpoint) {
  if (e.stream) return { description: "A stream of Server-Sent Events (text/event-stream).", content: { "text/event-stream": { schema: { type: "string" } } } };
  if (e.status === 204) return { description: `${e.summary}: no body.` };
  const example = e.example?.response === undefined ? {} : { example: e.example.response };
  return { description: e.summary, content: { "application/json": { schema: { $ref: `#/components/schemas/${typeName(e, "Response")}` }, ...example } } };
}

function responses(e: DevEndpoint) {
  const out: Record<string, unknown> = { [String(e.status ?? 200)]: success(e) };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of devCodes(e)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map((c) => `- \`${c}\`: ${ERROR_TEXT[c] ?? c}`).join("\n"),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
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
      ? { requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${typeName(e, "Request")}` }, ...(e.example?.input ? { example: e.example.input } : {}) } } } }
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
    },
  };
}
