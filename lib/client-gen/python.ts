// One API's Python client (3.8+, standard library only), as source text:
// TypedDict models from the same JSON Schemas, one method per operation, over
// the fixed core (core/core.py, embedded by core-source.ts).
import type { Api } from "@/lib/catalog";
import type { JsonSchema } from "@/lib/docs/schema";
import { coreSource, type Core } from "./core-source";
import { callbackVerifier, clientSpec, doc, methodsOf, models, type MethodSpec } from "./spec";

/** Embedded without its module docstring: the client's takes its place. */
export const PYTHON_CORE: Core = { file: "core.py", heading: /^"""[\s\S]*?"""\n/, quote: (v) => JSON.stringify(v) };

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "");

function literal(v: unknown): string {
  if (typeof v === "boolean") return v ? "True" : "False";
  if (v === null) return "None";
  return JSON.stringify(v);
}

/** Python type text for a schema; nested objects become TypedDicts appended to `classes`. */
function pyType(s: JsonSchema, hint: string, classes: string[]): string {
  if ("const" in s) return `Literal[${literal(s.const)}]`;
  if (s.enum) return `Literal[${s.enum.map(literal).join(", ")}]`;
  const options: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (options) {
    const parts = options.map((o, i) => pyType(o, `${hint}${variantName(o, i)}`, classes));
    return parts.length === 1 ? parts[0]! : `Union[${[...new Set(parts)].join(", ")}]`;
  }
  switch (s.type) {
    case "string": return "str";
    case "integer": return "int";
    case "number": return "float";
    case "boolean": return "bool";
    case "array": return `List[${s.items ? pyType(s.items, `${hint}Item`, classes) : "Any"}]`;
    case "object": return typedDict(s, hint, classes);
    default: return "Any";
  }
}

/** A variant's name: its discriminator value (Mobile, Bank), else its position. */
function variantName(s: JsonSchema, i: number): string {
  const tag = Object.values<JsonSchema>(s.properties ?? {}).find((p) => typeof p.const === "string");
  return tag ? pascal(String(tag.const)) : `Variant${i + 1}`;
}

function typedDict(s: JsonSchema, name: string, classes: string[]): string {
  const required = new Set<string>(s.required ?? []);
  const entries = Object.entries<JsonSchema>(s.properties ?? {});
  if (!entries.length) return "Dict[str, Any]";
  const lines = entries.map(([k, p]) => {
    const t = pyType(p, `${name}${pascal(k)}`, classes);
    const comment = doc(p) ? `  # ${doc(p)}` : "";
    return `    ${k}: ${required.has(k) ? t : `NotRequired[${t}]`}${comment}`;
  });
  classes.push(`class ${name}(TypedDict):\n${doc(s) ? `    """${doc(s)}"""\n` : ""}${lines.join("\n")}`);
  return name;
}

/** One method; a developer endpoint's (no scenarioType) takes no scenario. */
function method(o: MethodSpec): string {
  const name = snake(o.name);
  const params = o.params.map((p) => `${snake(p)}: str`);
  const scenario = o.scenarioType ? [`scenario: Optional[${o.scenarioType}] = None`] : [];
  const args = ["self", ...params, ...(o.request ? [`body: ${o.request.name}`] : []), "*", ...scenario, "time_scale: Optional[float] = None", "timeout: Optional[float] = None"];
  const names = [...o.params.map(snake), ...(o.request ? ["body"] : [])].join(", ");
  const path = o.path.replace(/\{(\w+)\}/g, (_m, n: string) => `{_quote(${snake(n)})}`);
  const opts = `${o.scenarioType ? "scenario=scenario, " : ""}time_scale=time_scale, timeout=timeout`;
  return [
    `    def ${name}(${args.join(", ")}) -> ${o.response.name}:`,
    `        """${o.summary}: ${o.method} ${o.path}. ${o.description}"""`,
    `        return self.${name}_with_response(${names ? `${names}, ` : ""}${opts}).data`,
    "",
    `    def ${name}_with_response(${args.join(", ")}) -> "ApiResponse[${o.response.name}]":`,
    `        """${name}, with the answer's status, headers, request id, scenario and rate limit."""`,
    `        return self._call("${o.method}", f"${path}", ${o.request ? "body" : "None"}, ${o.scenarioType ? "scenario" : "None"}, time_scale, timeout)`,
  ].join("\n");
}

/** The API's own part, after the core: its TypedDict models, scenario types and client class. */
export function pythonApiPart(api: Api): string {
  const spec = clientSpec(api);
  const classes: string[] = [];
  for (const m of models(spec)) pyType(m.schema, m.name, classes);
  const scenarios = spec.ops.map((o) => `${o.scenarioType} = Literal[${o.scenarios.map(literal).join(", ")}]`);
  return [
    ...classes.map((c) => `${c}\n\n`),
    ...scenarios,
    "",
    "",
    `class ${spec.className}(_BaseClient):`,
    `    default_base_url = ${JSON.stringify(spec.baseUrl)}`,
    "",
    methodsOf(spec).map(method).join("\n\n"),
    "",
  ].join("\n");
}

export function pythonSource(api: Api): string {
  const spec = clientSpec(api);
  return [
    `"""${api.name} API ${api.version}: a Python client for the Svc Sandbox, generated from its schemas. Do not edit.`,
    "",
    `    client = ${spec.className}(consumer_key, consumer_secret)`,
    `    result = client.${snake(spec.ops[0]!.name)}(...)   # or ${snake(spec.ops[0]!.name)}_with_response(...) for headers and request id`,
    "",
    `Errors: SandboxApiError (status, error, message, request_id). Callbacks: ${callbackVerifier(api, "py")}.`,
    "Python 3.8+, standard library only.",
    '"""',
    coreSource(PYTHON_CORE),
    "",
    pythonApiPart(api),
  ].join("\n");
}
