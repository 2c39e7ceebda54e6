// One API's PHP client (8.1+, no extensions beyond the defaults: streams and
// json), as source text: PHPStan/Psalm array-shape models from the same JSON
// Schemas, one method per operation, over the fixed core
// (core/core.php, embedded by core-source.ts).
import type { Api } from "@/lib/catalog";
import type { JsonSchema } from "@/lib/docs/schema";
import { coreSource, type Core } from "./core-source";
import { callbackVerifier, clientSpec, doc, methodsOf, models, phpNamespace, type MethodSpec } from "./spec";

const phpString = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
/** Embedded from the line after its namespace: the client has its own heading and namespace. */
export const PHP_CORE: Core = { file: "core.php", heading: /^<\?php\n[\s\S]*?^namespace [\w\\]+;\n\n/m, quote: (v) => phpString(v) };
const literal = (v: unknown) => (typeof v === "string" ? phpString(v) : JSON.stringify(v));
const key = (k: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : phpString(k));

/** PHPDoc type text (array shapes) for a schema. */
export function phpType(s: JsonSchema): string {
  if ("const" in s) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join("|");
  const options: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (options) return [...new Set(options.map(phpType))].join("|");
  switch (s.type) {
    case "string": return "string";
    case "integer": return "int";
    case "number": return "float";
    case "boolean": return "bool";
    case "array": return `list<${s.items ? phpType(s.items) : "mixed"}>`;
    case "object": {
      const required = new Set<string>(s.required ?? []);
      const entries = Object.entries<JsonSchema>(s.properties ?? {});
      if (!entries.length) return "array<string, mixed>";
      return `array{${entries.map(([k, p]) => `${key(k)}${required.has(k) ? "" : "?"}: ${phpType(p)}`).join(", ")}}`;
    }
    default: return "mixed";
  }
}

/** One method; a developer endpoint's (no scenarios) takes no scenario. */
function method(o: MethodSpec): string {
  const params = o.params.map((p) => `string $${p}`);
  const scenario = o.scenarios ? ["?string $scenario = null"] : [];
  const args = [...params, ...(o.request ? ["array $body"] : []), ...scenario, "?float $timeScale = null", "?float $timeout = null"];
  const names = [...o.params.map((p) => `$${p}`), ...(o.request ? ["$body"] : []), ...(o.scenarios ? ["$scenario"] : []), "$timeScale", "$timeout"].join(", ");
  const path = o.path.replace(/\{(\w+)\}/g, (_m, n: string) => `' . rawurlencode($${n}) . '`);
  const docs = [
    ...(o.request ? [`     * @param ${o.request.name} $body`] : []),
    ...(o.scenarios ? [`     * @param ${o.scenarios.map(phpString).join("|")}|null $scenario Forces a scenario (X-Svc-Scenario).`] : []),
    "     * @param float|null $timeScale Scripted delays times this, 0 to 1 (X-Svc-Time-Scale).",
    "     * @param float|null $timeout Seconds before the call is abandoned (TIMEOUT).",
    "     * @throws SandboxApiError",
  ];
  return [
    "    /**",
    `     * ${o.summary}: ${o.method} ${o.path}. ${o.description}`,
    ...docs,
    `     * @return ${o.response.name}`,
    "     */",
    `    public function ${o.name}(${args.join(", ")}): array`,
    "    {",
    `        return $this->${o.name}WithResponse(${names})->data;`,
    "    }",
    "",
    "    /**",
    `     * ${o.name}, with the answer's status, headers, request id, scenario and rate limit.`,
    ...docs,
    "     */",
    `    public function ${o.name}WithResponse(${args.join(", ")}): ApiResponse`,
    "    {",
    `        return $this->call('${o.method}', '${path}', ${o.request ? "$body" : "null"}, ${o.scenarios ? "$scenario" : "null"}, $timeScale, $timeout);`,
    "    }",
  ].join("\n").replace(/ \. ''/g, "");
}

export { phpNamespace };

/** The API's client class over BaseClient, with its models as PHPStan / Psalm array shapes. */
export function phpClassPart(api: Api): string {
  const spec = clientSpec(api);
  const aliases = models(spec).map((m) => ` * @phpstan-type ${m.name} ${phpType(m.schema)}${doc(m.schema) ? ` ${doc(m.schema)}` : ""}`);
  return [
    "/**",
    ` * ${api.name} API client. Models (PHPStan / Psalm array shapes):`,
    ...aliases,
    " */",
    `final class ${spec.className} extends BaseClient`,
    "{",
    `    public const DEFAULT_BASE_URL = ${phpString(spec.baseUrl)};`,
    "",
    "    /** $httpClient, $requestFactory, $streamFactory: a PSR-18 client and its PSR-17 factories, else PHP's streams (BaseClient). */",
    "    public function __construct(string $consumerKey, string $consumerSecret, ?string $baseUrl = null, float $timeout = 30.0, ?float $timeScale = null, ?object $httpClient = null, ?object $requestFactory = null, ?object $streamFactory = null)",
    "    {",
    "        parent::__construct($consumerKey, $consumerSecret, $baseUrl ?? self::DEFAULT_BASE_URL, $timeout, $timeScale, $httpClient, $requestFactory, $streamFactory);",
    "    }",
    "",
    methodsOf(spec).map(method).join("\n\n"),
    "}",
    "",
  ].join("\n");
}

export function phpSource(api: Api): string {
  const spec = clientSpec(api);
  return [
    "<?php",
    `// ${api.name} API ${api.version}: a PHP client for the Svc Sandbox, generated from its schemas. Do not edit.`,
    "//",
    `//   require '${api.id}.php';`,
    `//   $client = new \\${phpNamespace(api)}\\${spec.className}($consumerKey, $consumerSecret);`,
    `//   $result = $client->${spec.ops[0]!.name}([...]);   // or ${spec.ops[0]!.name}WithResponse(...) for headers and request id`,
    "//",
    `// Errors: SandboxApiError (status, error(), message, requestId(), details()). Callbacks: ${callbackVerifier(api, "php")}.`,
    "// PHP 8.1+, no extensions beyond json (allow_url_fopen on, the default).",
    "declare(strict_types=1);",
    "",
    `namespace ${phpNamespace(api)};`,
    "",
    coreSource(PHP_CORE),
    "",
    phpClassPart(api),
  ].join("\n");
}
