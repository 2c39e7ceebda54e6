// The responses of one operation in OpenAPI: the catalog's success bodies, and
// every error code it can answer (gateway checks, then body and scenario
// errors) grouped by status, all with the one error body.
import type { Operation } from "@/lib/catalog";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import { gatewayCodes, operationCodes, type CodeRow } from "@/lib/docs/errors";
import { sampleAnswer } from "@/lib/docs/samples";
import { responseSchema, type JsonSchema } from "@/lib/docs/schema";

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

export const RESPONSE_HEADERS = {
  "x-request-id": { description: "Id of the request; error bodies carry the same value as requestId.", schema: { type: "string" } },
  "x-svc-scenario": { description: "The scenario that produced the answer (absent on answers of the gateway's checks).", schema: { type: "string" } },
  "x-ratelimit-limit": { description: "The app's calls per minute (on every call that reached the rate check).", schema: { type: "integer" } },
  "x-ratelimit-remaining": { description: "Calls left in this clock minute.", schema: { type: "integer" } },
  "x-ratelimit-reset": { description: "Seconds until the next minute starts.", schema: { type: "integer" } },
  "retry-after": { description: "On 429: seconds to wait before resending.", schema: { type: "integer" } },
} as const;

const headers = (names: (keyof typeof RESPONSE_HEADERS)[]) => Object.fromEntries(names.map((n) => [n, ref("headers", n)]));
const common: (keyof typeof RESPONSE_HEADERS)[] = ["x-request-id", "x-svc-scenario", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];

export const errorSchema = (): JsonSchema => responseSchema(errorBodySchema);

function errorResponse(rows: CodeRow[], status: number) {
  return {
    description: rows.map((r) => `- \`${r.code}\`: ${r.condition}`).join("\n"),
    headers: headers(status === 429 ? [...common, "retry-after"] : common),
    content: {
      "application/json": {
        schema: ref("schemas", "Error"),
        examples: Object.fromEntries(rows.map((r) => [r.code, { value: { error: r.code, message: r.condition, requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd" } }])),
      },
    },
  };
}

export function operationResponses(op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    if (r.schema === errorBodySchema) continue;
    const scenario = op.scenarios.find((s) => s.status === Number(status) && s.default);
    out[status] = {
      description: r.description,
      headers: headers(common),
      content: { "application/json": { schema: responseSchema(r.schema), ...(scenario ? { example: sampleAnswer(op, scenario).body } : {}) } },
    };
  }
  const byStatus = new Map<number, CodeRow[]>();
  for (const row of [...gatewayCodes(), ...operationCodes(op.id)]) {
    const list = byStatus.get(row.status) ?? [];
    if (!list.some((r) => r.code === row.code)) list.push(row);
    byStatus.set(row.status, list);
  }
  for (const [status, rows] of [...byStatus].sort(([a], [b]) => a - b)) out[String(status)] = errorResponse(rows, status);
  return out;
}
