// One API's Java client (17+, JDK only: java.net.http, javax.crypto), as source
// text: records from the same JSON Schemas (sealed interfaces for unions), one
// method per operation, all nested in one public class (file <Api>Client.java,
// package svc.sandbox): the fixed core (core/SandboxClient.java, embedded
// by core-source.ts) renamed, with the API's part added at its end.
import type { Api } from "@/lib/catalog";
import type { JsonSchema } from "@/lib/docs/schema";
import { baseUrl } from "@/lib/docs/urls";
import { coreSource, type Core } from "./core-source";
import { callbackVerifier, clientSpec, doc, methodsOf, models, type MethodSpec } from "./spec";

export const JAVA_PACKAGE = "svc.sandbox";
const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "");
const RESERVED = new Set(["default", "class", "new", "package", "private", "public", "static", "switch", "case", "int", "long", "char", "final", "enum", "interface", "import", "return", "this", "throw", "try", "catch", "void", "record", "var"]);
const ident = (k: string) => (RESERVED.has(k) ? `${k}_` : k.replace(/[^A-Za-z0-9_]/g, "_"));
const q = (s: string) => JSON.stringify(s);

/** The core's one class, renamed to the client's; the API's part goes before the brace that closes it. */
const CORE_CLASS = "SandboxClient";
const CLASS_END = /\n\}$/;
/** Embedded from its imports: the client has its own heading and package line. */
export const JAVA_CORE: Core = { file: `${CORE_CLASS}.java`, heading: /^[\s\S]*?^package [\w.]+;\n\n/m, quote: q };

/** A builder's setter takes the primitive, so that 100 or 1.5 can be passed for a Long or Double field. */
const PRIMITIVE: Record<string, string> = { Long: "long", Double: "double", Boolean: "boolean" };

/** How one field's value is written to and read from JSON. */
type JType = { name: string; from: (v: string) => string; to: (v: string) => string };

const scalar = (name: string, reader: string): JType => ({ name, from: (v) => `Json.${reader}(${v})`, to: (v) => v });

class Models {
  readonly out: string[] = [];

  type(s: JsonSchema, hint: string): JType {
    if ("const" in s) return typeof s.const === "number" ? scalar("Long", "lng") : scalar("String", "str");
    if (s.enum) return s.enum.every((v: unknown) => typeof v === "string") ? this.enumType(s.enum, hint) : scalar("String", "str");
    const options: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
    if (options) {
      if (options.every((o) => o.type === "object")) return this.union(options, hint, s);
      if (options.some((o) => o.type === "integer" || typeof o.const === "number")) return scalar("Long", "lng");
      if (options.some((o) => o.type === "number")) return scalar("Double", "dbl");
      return scalar("String", "str");
    }
    switch (s.type) {
      case "string": return scalar("String", "str");
      case "integer": return scalar("Long", "lng");
      case "number": return scalar("Double", "dbl");
      case "boolean": return scalar("Boolean", "bool");
      case "array": {
        const item = s.items ? this.type(s.items, `${hint}Item`) : scalar("Object", "any");
        return { name: `List<${item.name}>`, from: (v) => `Json.list(${v}, x -> ${item.from("x")})`, to: (v) => `Json.mapList(${v}, x -> ${item.to("x")})` };
      }
      case "object": return this.record(s, hint, null);
      default: return scalar("Object", "any");
    }
  }

  /** A string enum: one constant per value (its JSON value in value()). */
  enumType(values: string[], name: string): JType {
    const used = new Set<string>();
    const constants = values.map((v) => {
      let c = v.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^(?=[0-9_]|$)/, "V");
      while (used.has(c)) c = `${c}_`;
      used.add(c);
      return `${c}(${q(v)})`;
    });
    this.out.push([
      `  /** One of ${values.join(", ")}. */`,
      `  public enum ${name} {`,
      `    ${constants.join(", ")};`,
      "",
      "    private final String value;",
      "",
      `    ${name}(String value) { this.value = value; }`,
      "",
      "    /** Its JSON value. */",
      "    public String value() { return value; }",
      "",
      `    static ${name} fromJson(Object json) {`,
      "      if (json == null) return null;",
      `      for (${name} v : values()) if (v.value.equals(json)) return v;`,
      `      throw new IllegalArgumentException("unknown ${name}: " + json);`,
      "    }",
      "  }",
    ].join("\n"));
    return { name, from: (v) => `${name}.fromJson(${v})`, to: (v) => `${v}.value()` };
  }

  /** One record per object schema: fields, toJson(), fromJson(), and a builder. */
  record(s: JsonSchema, name: string, parent: string | null): JType {
    const required = new Set<string>(s.required ?? []);
    const fields = Object.entries<JsonSchema>(s.properties ?? {}).map(([k, p]) => ({ k, id: ident(k), p, t: this.type(p, `${name}${pascal(k)}`) }));
    const comp = fields.map((f) => {
      const text = [required.has(f.k) ? "" : "Optional.", doc(f.p), f.p.enum ? `One of ${f.p.enum.join(", ")}.` : ""].filter(Boolean).join(" ");
      return `${text ? `/** ${text} */ ` : ""}${f.t.name} ${f.id}`;
    });
    this.out.push([
      `  /** ${doc(s) || name} */`,
      `  public record ${name}(${comp.join(", ")}) implements ${parent ?? "Model"} {`,
      "    public Map<String, Object> toJson() {",
      "      var m = new LinkedHashMap<String, Object>();",
      ...fields.map((f) => `      if (${f.id} != null) m.put(${q(f.k)}, ${f.t.to(f.id)});`),
      "      return m;",
      "    }",
      "",
      `    public static ${name} fromJson(Object json) {`,
      "      if (json == null) return null;",
      "      Map<String, Object> m = Json.object(json);",
      `      return new ${name}(${fields.map((f) => f.t.from(`m.get(${q(f.k)})`)).join(", ")});`,
      "    }",
      "",
      `    /** Makes a ${name} field by field. */`,
      "    public static Builder builder() { return new Builder(); }",
      "",
      `    /** Sets ${name}'s fields by name; build() makes it (fields not set are null). */`,
      "    public static final class Builder {",
      ...fields.map((f) => `      private ${f.t.name} ${f.id};`),
      "",
      "      private Builder() {}",
      ...fields.map((f) => `      public Builder ${f.id}(${PRIMITIVE[f.t.name] ?? f.t.name} value) { this.${f.id} = value; return this; }`),
      `      public ${name} build() { return new ${name}(${fields.map((f) => f.id).join(", ")}); }`,
      "    }",
      "  }",
    ].join("\n"));
    return { name, from: (v) => `${name}.fromJson(${v})`, to: (v) => `${v}.toJson()` };
  }

  /** Objects told apart by one const property: a sealed interface with a record per variant. */
  union(options: JsonSchema[], name: string, s: JsonSchema): JType {
    const tag = Object.keys(options[0]!.properties ?? {}).find((k) => options.every((o) => "const" in (o.properties?.[k] ?? {})));
    if (!tag) return scalar("Object", "any");
    const variants = options.map((o) => ({ value: String(o.properties[tag].const), name: `${name}${pascal(String(o.properties[tag].const))}` }));
    options.forEach((o, i) => this.record(o, variants[i]!.name, name));
    this.out.push([
      `  /** ${doc(s) || name}: one of ${variants.map((v) => v.name).join(", ")} (by ${tag}). */`,
      `  public sealed interface ${name} extends Model permits ${variants.map((v) => v.name).join(", ")} {`,
      `    static ${name} fromJson(Object json) {`,
      "      if (json == null) return null;",
      `      Object tag = Json.object(json).get(${q(tag)});`,
      ...variants.map((v) => `      if (${q(v.value)}.equals(tag)) return ${v.name}.fromJson(json);`),
      `      throw new IllegalArgumentException("unknown ${tag}: " + tag);`,
      "    }",
      "  }",
    ].join("\n"));
    return { name, from: (v) => `${name}.fromJson(${v})`, to: (v) => `${v}.toJson()` };
  }
}

/** One method; a developer endpoint's lists no scenarios. */
function method(o: MethodSpec): string {
  const params = o.params.map((p) => `String ${ident(p)}`);
  const args = [...params, ...(o.request ? [`${o.request.name} body`] : [])];
  const names = [...o.params.map(ident), ...(o.request ? ["body"] : [])];
  const path = `${q(o.path.replace(/\{\w+\}.*$/, ""))}${o.path.includes("{") ? o.path.slice(o.path.indexOf("{")).replace(/\{(\w+)\}([^{]*)/g, (_m, n: string, rest: string) => ` + Json.path(${ident(n)})${rest ? ` + ${q(rest)}` : ""}`) : ""}`;
  const opts = [...args, "CallOptions options"].join(", ");
  return [
    `  /** ${o.summary}: ${o.method} ${o.path}. ${o.description}${o.scenarios ? ` Scenarios: ${o.scenarios.join(", ")}.` : ""} */`,
    `  public ${o.response.name} ${o.name}(${args.join(", ")}) {`,
    `    return ${o.name}WithResponse(${[...names, "CallOptions.none()"].join(", ")}).data();`,
    "  }",
    "",
    `  public ${o.response.name} ${o.name}(${opts}) {`,
    `    return ${o.name}WithResponse(${[...names, "options"].join(", ")}).data();`,
    "  }",
    "",
    `  /** ${o.name}, with the answer's status, headers, request id, scenario and rate limit. */`,
    `  public ApiResponse<${o.response.name}> ${o.name}WithResponse(${opts}) {`,
    `    return call(${q(o.method)}, ${path}, ${o.request ? "body.toJson()" : "null"}, options).map(${o.response.name}::fromJson);`,
    "  }",
  ].join("\n");
}

export const javaFileName = (api: Api) => `${clientSpec(api).className}.java`;

/** The API's models and one method per operation, as members of its client class. */
function apiMembers(api: Api): string {
  const spec = clientSpec(api);
  const m = new Models();
  for (const model of models(spec)) m.record(model.schema, model.name, null);
  return [m.out.join("\n\n"), "", methodsOf(spec).map(method).join("\n\n")].join("\n");
}

/** The package's class of one API: SandboxClient (the core, one for every API) extended by its models and methods. */
export function javaPackageClass(api: Api): string {
  const spec = clientSpec(api);
  return [
    `// ${api.name} API ${api.version} of the Svc Sandbox, generated from its schemas. Do not edit.`,
    `package ${JAVA_PACKAGE};`,
    "",
    "import java.util.LinkedHashMap;",
    "import java.util.List;",
    "import java.util.Map;",
    "",
    `/** The ${api.name} API: its models and one method per operation; errors are ${CORE_CLASS}.SandboxApiError. */`,
    `public final class ${spec.className} extends ${CORE_CLASS} {`,
    `  public ${spec.className}(String consumerKey, String consumerSecret) { super(consumerKey, consumerSecret); }`,
    "",
    `  public ${spec.className}(Options options) { super(options); }`,
    "",
    apiMembers(api),
    "}",
    "",
  ].join("\n");
}

/** The core as the package's one SandboxClient class (file SandboxClient.java). */
export const javaPackageCore = () =>
  [`// The part every API's client shares (lib/client-gen/core/${JAVA_CORE.file} in the portal's repository).`, `package ${JAVA_PACKAGE};`, "", coreSource(JAVA_CORE, { BASE_URL: baseUrl() }), ""].join("\n");

export function javaSource(api: Api): string {
  const spec = clientSpec(api);
  const first = spec.ops[0]!;
  const core = coreSource(JAVA_CORE, { BASE_URL: spec.baseUrl });
  if (!core.includes(`public class ${CORE_CLASS} {`) || !CLASS_END.test(core)) throw new Error(`${JAVA_CORE.file} must hold one class, ${CORE_CLASS}`);
  return [
    `// ${api.name} API ${api.version}: a Java client for the Svc Sandbox, generated from its schemas. Do not edit.`,
    `// Save as ${spec.className}.java under ${JAVA_PACKAGE.replace(/\./g, "/")}/. Java 17+, JDK only.`,
    "//",
    `//   var client = new ${spec.className}(consumerKey, consumerSecret);   // or new ${spec.className}(${spec.className}.Options.of(key, secret).baseUrl(url))`,
    `//   var result = client.${first.name}(...);   // or ${first.name}WithResponse(..., CallOptions.none()) for headers and request id`,
    "//",
    `// Errors: ${spec.className}.SandboxApiError (status(), code(), errorMessage(), requestId(), details()). Callbacks: ${callbackVerifier(api, "java")}.`,
    `package ${JAVA_PACKAGE};`,
    "",
    core.replace(new RegExp(`\\b${CORE_CLASS}\\b`, "g"), spec.className).replace(CLASS_END, ""),
    "",
    apiMembers(api),
    "}",
    "",
  ].join("\n");
}
