// JSON Schemas of the catalog's zod schemas: the one source for the docs'
// field tables, the OpenAPI documents, the Postman bodies and the client types.
import { z } from "zod";
import type { Operation } from "@/lib/catalog";

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema is an open-ended document its readers walk by key
export type JsonSchema = { [key: string]: any };

/** `z.toJSONSchema` without the `$schema` line (OpenAPI 3.1 speaks draft 2020-12 already). */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/**
 * Trigger values of body fields that break their field's own rule (payout
 * amount 1 → float_low): the gateway lets them through (lib/engine/request.ts),
 * so the published schema accepts them too.
 */
export function magicValues(op: Operation): { field: string; value: string | number; scenario: string }[] {
  const shape = op.body?.shape ?? {};
  return op.scenarios.flatMap((s) =>
    (s.triggers ?? []).flatMap((t) => {
      if (!("field" in t) || !t.field.startsWith("body.")) return [];
      const field = t.field.slice(5);
      const rule = shape[field] as z.ZodType | undefined;
      return rule && !rule.safeParse(t.value).success ? [{ field, value: t.value, scenario: s.key }] : [];
    }),
  );
}

/** What a caller may send: the input side (numbers also as digit strings), magic values included. */
export const requestSchema = (op: Operation): JsonSchema | undefined => (op.body ? withMagicValues(op, jsonSchema(op.body, "input")) : undefined);

/** An input schema whose properties include the body's fields (request body, MCP tool input) with the operation's magic values allowed. */
export function withMagicValues(op: Operation, schema: JsonSchema): JsonSchema {
  for (const m of magicValues(op)) {
    const { description, ...rule } = schema.properties[m.field] as JsonSchema;
    const magic = [m.value, String(m.value)].filter((v, i, all) => all.indexOf(v) === i)
      .map((v) => ({ const: v, description: `Magic value of the ${m.scenario} scenario, accepted although it breaks the rule.`, "x-scenario": m.scenario }));
    const options = Object.keys(rule).length === 1 && rule.anyOf ? rule.anyOf : [rule];
    schema.properties[m.field] = { ...(description ? { description } : {}), anyOf: [...options, ...magic] };
  }
  return schema;
}

export const paramsSchema = (op: Operation): JsonSchema => jsonSchema(op.params, "input");

/** What the gateway sends: response and callback bodies. */
export const responseSchema = (schema: z.ZodType): JsonSchema => jsonSchema(schema, "output");

/** Path parameters in template order, with their schemas. */
export function pathParams(op: Operation): { name: string; schema: JsonSchema; description?: string }[] {
  const props = paramsSchema(op).properties ?? {};
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const { description, ...schema } = props[name!] ?? { type: "string" };
    return { name: name!, schema, description };
  });
}
