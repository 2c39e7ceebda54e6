// What every language's client is generated from: per operation its method,
// path, parameters, scenario keys and the JSON Schemas of its request,
// response and callback (the OpenAPI components' schemas, by the same names).
import type { Api, Operation } from "@/lib/catalog";
import { camel, pascal, successResponses, typeName } from "@/lib/docs/names";
import { pathParams, requestSchema, responseSchema, type JsonSchema } from "@/lib/docs/schema";
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

export type ClientSpec = { api: Api; className: string; baseUrl: string; ops: OpSpec[] };

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
  };
}

/** Every named model of a client, in order: request, response, callback per operation. */
export const models = (spec: ClientSpec) =>
  spec.ops.flatMap((o) => [o.request, o.response, o.callback].filter((m): m is { name: string; schema: JsonSchema } => Boolean(m)));

/** A one-line comment text from a schema description. */
export const doc = (s: JsonSchema) => (typeof s.description === "string" ? s.description.replace(/\s+/g, " ").replace(/\*\//g, "* /") : "");
