// JSON Schemas of the catalog's zod schemas: the one source for the docs'
// field tables, the OpenAPI documents, the Postman bodies and the client types.
import { z } from "zod";
import type { Operation } from "@/lib/catalog";

export type JsonSchema = { [key: string]: any };

/** `z.toJSONSchema` without the `$schema` line (OpenAPI 3.1 speaks draft 2020-12 already). */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/** What a caller may send: the input side (numbers also as digit strings). */
export const requestSchema = (op: Operation): JsonSchema | undefined => (op.body ? jsonSchema(op.body, "input") : undefined);

export const paramsSchema = (op: Operation): JsonSchema => jsonSchema(op.params, "input");

/** What the sandbox sends: response and callback bodies. */
export const responseSchema = (schema: z.ZodType): JsonSchema => jsonSchema(schema, "output");

/** Path parameters in template order, with their schemas. */
export function pathParams(op: Operation): { name: string; schema: JsonSchema; description?: string }[] {
  const props = paramsSchema(op).properties ?? {};
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const { description, ...schema } = props[name!] ?? { type: "string" };
    return { name: name!, schema, description };
  });
}
