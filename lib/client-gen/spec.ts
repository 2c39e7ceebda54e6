// What every language's client is generated from: per operation its method,
// path, parameters, scenario keys and the JSON Schemas of its request,
// response and callback (the OpenAPI components' schemas, by the same names);
// and the developer endpoints the catalog gives the API's client
// (DevEndpoint.client: the Payouts client's getFloat and setFloat).
import type { Api, Operation } from "@/lib/catalog";
import { devEndpoints, type DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { camel, devTypeName, pascal, successResponses, typeName } from "@/lib/docs/names";
import { jsonSchema, pathParams, requestSchema, responseSchema, type JsonSchema } from "@/lib/docs/schema";
import { baseUrl, opSlug, opsOf } from "@/lib/docs/urls";

export type OpSpec = {
  op: Operation;
  /** Method name: push, status, send, get, verify. */
  name: string;
  method: string;
  path: string;
  params: string[];
  scenarios: string[];
  /** Name of the type of the scenario keys: CollectPushScenario. */
  scenarioType: string;
  request?: { name: string; schema: JsonSchema };
  response: { name: string; schema: JsonSchema };
  callback?: { name: string; schema: JsonSchema };
};

type Model = { name: string; schema: JsonSchema };

/** A developer endpoint as a client method: like an operation's, without scenarios or callback. */
export type DevOpSpec = {
  endpoint: DevEndpoint;
  name: string;
  method: string;
  path: string;
  params: string[];
  request?: Model;
  response: Model;
};

/** What a language's method is written from: an operation's (with its scenarios) or a developer endpoint's (scenarioType absent). */
export type MethodSpec = Omit<DevOpSpec, "endpoint"> & { summary: string; description: string; scenarioType?: string; scenarios?: string[] };

export type ClientSpec = { api: Api; className: string; baseUrl: string; ops: OpSpec[]; devOps: DevOpSpec[] };

/** The PHP client's namespace: SvcSandbox\Collect. */
export const phpNamespace = (api: Api) => `SvcSandbox\\${api.id.replace(/(^|-)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`;

export type ClientLanguage = "ts" | "py" | "php" | "java";

/**
 * How each language's client verifies a callback (Standard Webhooks headers, the
 * secret as the console shows it): named in the clients' header comments and on
 * the docs' verification page (/docs/callbacks#client-helpers).
 */
export function callbackVerifiers(api: Api): { language: string; ext: ClientLanguage; call: string }[] {
  return [
    { language: "TypeScript", ext: "ts", call: "verifyCallback(rawBody, headers, signingSecret)" },
    { language: "Python", ext: "py", call: "verify_callback(raw_body, headers, signing_secret)" },
    { language: "PHP", ext: "php", call: `\\${phpNamespace(api)}\\verify_callback($rawBody, $headers, $signingSecret)` },
    { language: "Java", ext: "java", call: `${pascal(api.id)}Client.verifyCallback(rawBody, headers, signingSecret)` },
  ];
}

export const callbackVerifier = (api: Api, ext: ClientLanguage) => callbackVerifiers(api).find((v) => v.ext === ext)!.call;

export function clientSpec(api: Api): ClientSpec {
  return {
    api,
    className: `${pascal(api.id)}Client`,
    baseUrl: baseUrl(),
    ops: opsOf(api.id).map((op) => {
      const body = requestSchema(op);
      return {
        op,
        name: camel(opSlug(op)),
        method: op.method,
        path: op.path,
        params: pathParams(op).map((p) => p.name),
        scenarios: op.scenarios.map((s) => s.key),
        scenarioType: typeName(op, "Scenario"),
        request: body ? { name: typeName(op, "Request"), schema: body } : undefined,
        response: { name: typeName(op, "Response"), schema: responseSchema(successResponses(op)[0]!.schema) },
        callback: op.callback ? { name: typeName(op, "Callback"), schema: responseSchema(op.callback.schema) } : undefined,
      };
    }),
    devOps: devEndpoints.filter((e) => e.client?.api === api.id).map((e) => ({
      endpoint: e,
      name: e.client!.method,
      method: e.method,
      path: e.path,
      params: [...e.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => n!),
      request: e.body ? { name: devTypeName(e, "Request"), schema: jsonSchema(e.body, "input") } : undefined,
      response: { name: devTypeName(e, "Response"), schema: responseSchema(e.response) },
    })),
  };
}

/** Every method of a client: its operations', then its developer endpoints'. */
export const methodsOf = (spec: ClientSpec): MethodSpec[] => [
  ...spec.ops.map((o) => ({ ...o, summary: o.op.summary, description: o.op.description })),
  ...spec.devOps.map(({ endpoint: e, ...o }) => ({ ...o, summary: e.summary, description: e.description })),
];

/** Every named model of a client, in order: request, response, callback per operation, then request and response per developer endpoint. */
export const models = (spec: ClientSpec) =>
  [...spec.ops.flatMap((o) => [o.request, o.response, o.callback]), ...spec.devOps.flatMap((o) => [o.request, o.response])]
    .filter((m): m is Model => Boolean(m));

/** A one-line comment text from a schema description. */
export const doc = (s: JsonSchema) => (typeof s.description === "string" ? s.description.replace(/\s+/g, " ").replace(/\*\//g, "* /") : "");
