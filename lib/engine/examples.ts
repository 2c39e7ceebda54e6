// Example values built from the catalog schemas' `examples` meta. exampleBody(op)
// is the one example request body: the docs' curl, the try-it form, Postman and
// the tests all use it (through lib/docs/doc-examples.ts); exampleCallback(op) is a
// callback body as the engine builds it, which the receiver checks post.
import { z } from "zod";
import type { Operation, Scenario } from "@/lib/catalog";
import { run } from "./run";
import { validateInput } from "./request";
import { defaultScenario } from "./select";
import type { EngineContext } from "./types";

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema is an open-ended document its readers walk by key
type JsonSchema = { [key: string]: any };
const outputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: "output" }) as JsonSchema;

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
  return op.body ? (exampleOf(outputSchema(op.body)) as Record<string, unknown>) : undefined;
}

/** Example path parameters. */
export function exampleParams(op: Operation): Record<string, string> {
  return Object.fromEntries(Object.entries(exampleOf(outputSchema(op.params)) as object).map(([k, v]) => [k, String(v)]));
}

/** The request that picks `scenario` by its first field trigger (magic value), else the example request. */
export function scenarioRequest(op: Operation, scenario: Scenario): { params: Record<string, string>; body?: Record<string, unknown> } {
  const params = exampleParams(op);
  const body = exampleBody(op);
  for (const t of scenario.triggers ?? []) {
    if (!("field" in t)) continue;
    const [where, name] = [t.field.slice(0, 4), t.field.slice(5)];
    if (where === "path") return { params: { ...params, [name]: String(t.value) }, body };
    if (body) return { params, body: { ...body, [name]: t.value } };
  }
  return { params, body };
}

/** The scenario whose callback stands for the operation's: the default one when it calls back, else the first that does. */
export function callbackScenario(op: Operation): Scenario | undefined {
  const d = defaultScenario(op);
  return d.callbackDelayMs !== undefined ? d : op.scenarios.find((s) => s.callbackDelayMs !== undefined);
}

/** A callback body of `op` exactly as the engine builds one (its example request, ids and time from `ctx`); null when it sends none. */
export function exampleCallback(op: Operation, ctx: EngineContext): { scenario: Scenario; body: Record<string, unknown> } | null {
  const scenario = callbackScenario(op);
  if (!scenario) return null;
  const req = scenarioRequest(op, scenario);
  const body = run(op, validateInput(op, req.params, req.body ?? {}), {}, scenario.key, ctx).callback?.body;
  return body ? { scenario, body } : null;
}
