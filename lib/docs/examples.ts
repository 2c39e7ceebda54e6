// Example values built from the schemas' `examples` meta. exampleBody(op) is the
// one example request body: the docs' curl, the try-it form, Postman and the
// tests all use it.
import type { Operation } from "@/lib/catalog";
import { jsonSchema, type JsonSchema } from "./schema";

const hasExample = (s: JsonSchema): boolean =>
  s.examples?.length > 0 || Object.values<JsonSchema>(s.properties ?? {}).some(hasExample) || (s.oneOf ?? s.anyOf ?? []).some(hasExample);

/** A value for a JSON Schema: its first example, else a value that satisfies it. Optional fields appear when they carry an example. */
export function exampleOf(s: JsonSchema): unknown {
  if (s.examples?.length) return s.examples[0];
  if ("const" in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  const options = s.oneOf ?? s.anyOf;
  if (options?.length) return exampleOf(options[0]);
  switch (s.type) {
    case "object": {
      const required = new Set<string>(s.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [name, p] of Object.entries<JsonSchema>(s.properties ?? {})) {
        if (required.has(name) || hasExample(p)) out[name] = exampleOf(p);
      }
      return out;
    }
    case "integer":
    case "number":
      return typeof s.minimum === "number" && s.minimum > 0 ? s.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    default:
      return s.format === "date" ? "1990-01-01" : "string";
  }
}

/** The example request body (output side of the schema, where examples live). */
export function exampleBody(op: Operation): Record<string, unknown> | undefined {
  return op.body ? (exampleOf(jsonSchema(op.body, "output")) as Record<string, unknown>) : undefined;
}

/** Example path parameters. */
export function exampleParams(op: Operation): Record<string, string> {
  return Object.fromEntries(Object.entries(exampleOf(jsonSchema(op.params, "output")) as object).map(([k, v]) => [k, String(v)]));
}
