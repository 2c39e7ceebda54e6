// The named schemas of one API's OpenAPI document: every request, response and
// callback body by name (CollectPushRequest, …), the error body, and the error
// codes the API can answer as an enum.
import type { Operation } from "@/lib/catalog";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import { checkOrder, gatewayCodes, operationCodes, tokenCodes, type CodeRow } from "@/lib/docs/errors";
import { responseName, successResponses, typeName } from "@/lib/docs/names";
import { requestSchema, responseSchema, type JsonSchema } from "@/lib/docs/schema";

export const ref = (kind: "schemas" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Codes of the checks before the body; the body's codes depend on the operation (operationCodes: none of them for a GET). */
const checkCodes = (): CodeRow[] => gatewayCodes(checkOrder().filter((s) => s.step !== "parseInput"));

/** Every code one operation can answer, each once, gateway checks first. */
export function codesOf(op: Operation): CodeRow[] {
  const rows = [...checkCodes(), ...operationCodes(op.id)];
  return rows.filter((r, i) => rows.findIndex((x) => x.code === r.code) === i);
}

export function componentSchemas(ops: Operation[]): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const op of ops) {
    const body = requestSchema(op);
    if (body) schemas[typeName(op, "Request")] = body;
    for (const r of successResponses(op)) schemas[responseName(op, r.status)] = responseSchema(r.schema);
    if (op.callback) schemas[typeName(op, "Callback")] = responseSchema(op.callback.schema);
  }
  const codes = [...tokenCodes(), ...ops.flatMap(codesOf)].map((r) => r.code);
  const error = responseSchema(errorBodySchema);
  return {
    ...schemas,
    ErrorCode: { type: "string", description: "Every error code this API's endpoints answer (the token endpoint's included).", enum: [...new Set(codes)] },
    Error: { ...error, properties: { ...error.properties, error: { ...ref("schemas", "ErrorCode"), description: error.properties.error.description } } },
  };
}
