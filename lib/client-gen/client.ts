// One API's typed TypeScript client, as source text: types from the zod JSON
// Schemas, one method per operation, over the fixed core
// (core/core.ts, embedded by core-source.ts).
import type { Api, Operation } from "@/lib/catalog";
import { pathParams, requestSchema, responseSchema } from "@/lib/docs/schema";
import { camel, pascal, successResponses, typeName } from "@/lib/docs/names";
import { baseUrl, opSlug, opsOf } from "@/lib/docs/urls";
import { ERROR_STATUS } from "@/lib/errors";
import { coreSource, type Core } from "./core-source";
import { callbackVerifier, clientSpec, type DevOpSpec } from "./spec";
import { tsType } from "./types";

/** Embedded from its first line of code: the heading is the leading `//` comment. */
export const TS_CORE: Core = { file: "core.ts", heading: /^(?:\/\/.*\n)+\n/, quote: (v) => JSON.stringify(v) };

/** The core with the portal's error codes written into its ErrorCode type. */
export const tsCoreSource = () => coreSource(TS_CORE, { ERROR_CODES: { code: Object.keys(ERROR_STATUS).map((c) => JSON.stringify(c)).join(" | ") } });

const successSchema = (op: Operation) => responseSchema(successResponses(op)[0]!.schema);

function types(op: Operation): string {
  const out = [] as string[];
  const body = requestSchema(op);
  if (body) out.push(`export type ${typeName(op, "Request")} = ${tsType(body)};`);
  out.push(`export type ${typeName(op, "Response")} = ${tsType(successSchema(op))};`);
  if (op.callback) out.push(`/** The body posted to your callbackUrl. */\nexport type ${typeName(op, "Callback")} = ${tsType(responseSchema(op.callback.schema))};`);
  out.push(`export type ${typeName(op, "Scenario")} = ${op.scenarios.map((s) => JSON.stringify(s.key)).join(" | ")};`);
  return out.join("\n\n");
}

function method(op: Operation): string {
  const params = pathParams(op).map((p) => p.name);
  const args = [...params.map((p) => `${p}: string`), ...(op.body ? [`body: ${typeName(op, "Request")}`] : [])];
  const names = [...params, ...(op.body ? ["body"] : []), "options"].join(", ");
  args.push(`options: CallOptions<${typeName(op, "Scenario")}> = {}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => `\${encodeURIComponent(${n})}`);
  const name = camel(opSlug(op));
  return [
    `  /** ${op.summary}: ${op.method} ${op.path}. ${op.description} */`,
    `  async ${name}(${args.join(", ")}): Promise<${typeName(op, "Response")}> {`,
    `    return (await this.${name}WithResponse(${names})).data;`,
    "  }",
    "",
    `  /** ${name}, with the answer's status, headers, request id, scenario and rate limit. */`,
    `  ${name}WithResponse(${args.join(", ")}): Promise<ApiResponse<${typeName(op, "Response")}>> {`,
    `    return this.call("${op.method}", \`${path}\`, ${op.body ? "body" : "undefined"}, options);`,
    "  }",
  ].join("\n");
}

/** A developer endpoint the catalog gives this client (lib/client-gen/spec.ts devOps): no scenario to force. */
function devMethod(o: DevOpSpec): string {
  const args = [...o.params.map((p) => `${p}: string`), ...(o.request ? [`body: ${o.request.name}`] : [])];
  const names = [...o.params, ...(o.request ? ["body"] : []), "options"].join(", ");
  args.push("options: CallOptions<never> = {}");
  const path = o.path.replace(/\{(\w+)\}/g, (_m, n: string) => `\${encodeURIComponent(${n})}`);
  return [
    `  /** ${o.endpoint.summary}: ${o.method} ${o.path}. ${o.endpoint.description} */`,
    `  async ${o.name}(${args.join(", ")}): Promise<${o.response.name}> {`,
    `    return (await this.${o.name}WithResponse(${names})).data;`,
    "  }",
    "",
    `  /** ${o.name}, with the answer's status, headers and request id. */`,
    `  ${o.name}WithResponse(${args.join(", ")}): Promise<ApiResponse<${o.response.name}>> {`,
    `    return this.call("${o.method}", \`${path}\`, ${o.request ? "body" : "undefined"}, options);`,
    "  }",
  ].join("\n");
}

const devTypes = (o: DevOpSpec) =>
  [o.request, o.response].flatMap((m) => (m ? [`export type ${m.name} = ${tsType(m.schema)};`] : [])).join("\n\n");

export const clientClassName = (api: Api) => `${pascal(api.id)}Client`;

/** The API's types: every operation's request, response, callback and scenario keys, then its developer endpoints' request and response. */
export const clientTypesPart = (api: Api) => [...opsOf(api.id).map(types), ...clientSpec(api).devOps.map(devTypes)].join("\n\n");

/** The API's client class over BaseClient. */
export function clientClassPart(api: Api): string {
  const name = clientClassName(api);
  return [
    `export class ${name} extends BaseClient {`,
    `  static readonly defaultBaseUrl = ${JSON.stringify(baseUrl())};`,
    "",
    `  constructor(options: ClientOptions) {`,
    `    super(options, ${name}.defaultBaseUrl);`,
    "  }",
    "",
    [...opsOf(api.id).map(method), ...clientSpec(api).devOps.map(devMethod)].join("\n\n"),
    "}",
    "",
  ].join("\n");
}

export function clientSource(api: Api): string {
  const ops = opsOf(api.id);
  const name = clientClassName(api);
  return [
    `// ${api.name} API ${api.version}: a typed client for the Svc Sandbox, generated from its schemas. Do not edit.`,
    `// const client = new ${name}({ consumerKey, consumerSecret });`,
    `// const result = await client.${camel(opSlug(ops[0]!))}(...);            // or ${camel(opSlug(ops[0]!))}WithResponse(...) for headers and request id`,
    `// Errors: SandboxApiError (status, code, body.error, requestId, details). Callbacks: ${callbackVerifier(api, "ts")}.`,
    "",
    clientTypesPart(api),
    "",
    tsCoreSource(),
    "",
    clientClassPart(api),
  ].join("\n");
}
