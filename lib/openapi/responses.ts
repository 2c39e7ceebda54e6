// The responses of one operation in OpenAPI: the success bodies by name, and
// every error code it can answer (gateway checks, then body and scenario
// errors) grouped by status, all with the one error body. One named example
// per scenario (Prism: `Prefer: code=<status>, example=<scenario>`), and one per
// error code.
import type { Operation } from "@/lib/catalog";
import { isErrorOutcome } from "@/lib/engine";
import { responseName, successResponses } from "@/lib/docs/names";
import { sampleAnswer } from "@/lib/docs/samples";
import type { CodeRow } from "@/lib/docs/errors";
import { codesOf, ref } from "./components";

export const RESPONSE_HEADERS = {
  "x-request-id": { description: "Id of the request; error bodies carry the same value as requestId.", required: true, schema: { type: "string" } },
  "x-svc-scenario": { description: "The scenario that produced the answer (absent on answers of the gateway's checks).", schema: { type: "string" } },
  "x-svc-scenario-ignored": {
    description: "The X-Svc-Scenario key that was sent but is not one of this operation's, so it was ignored (visible ASCII as sent, other bytes percent-encoded). Only on answers of a scenario.",
    schema: { type: "string" },
  },
  "x-ratelimit-limit": { description: "The app's calls per minute (on every call that reached the rate check).", schema: { type: "integer" } },
  "x-ratelimit-remaining": { description: "Calls left in this clock minute.", schema: { type: "integer" } },
  "x-ratelimit-reset": { description: "Seconds until the next minute starts.", schema: { type: "integer" } },
  "ratelimit-policy": { description: 'IETF RateLimit-Policy: `"minute";q=<limit>;w=60` (on every call that reached the rate check).', schema: { type: "string" } },
  ratelimit: { description: 'IETF RateLimit: `"minute";r=<remaining>;t=<seconds to the next minute>`.', schema: { type: "string" } },
  "retry-after": { description: "On 429: seconds to wait before resending.", schema: { type: "integer" } },
  "www-authenticate": { description: 'On 401: `Bearer realm="Svc Sandbox"`, with `error="invalid_token", error_description="…"` (the body\'s message) when a token was sent (RFC 6750 §3).', schema: { type: "string" } },
} as const;

type HeaderName = keyof typeof RESPONSE_HEADERS;
const headers = (names: HeaderName[]) => Object.fromEntries(names.map((n) => [n, ref("headers", n)]));
const common: HeaderName[] = ["x-request-id", "x-svc-scenario", "x-svc-scenario-ignored", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-policy", "ratelimit"];
const extra: Record<number, HeaderName[]> = { 401: ["www-authenticate"], 429: ["retry-after"] };

const REQUEST_ID = "req_7fQ2mXc9LpR4tV8wZk1sHd";

function errorResponse(op: Operation, rows: CodeRow[], status: number) {
  const scenarios = op.scenarios.filter((s) => s.status === status && isErrorOutcome(s.outcome));
  return {
    description: rows.map((r) => `- \`${r.code}\`: ${r.condition}`).join("\n"),
    headers: headers([...common, ...(extra[status] ?? [])]),
    content: {
      "application/json": {
        schema: ref("schemas", "Error"),
        examples: {
          ...Object.fromEntries(scenarios.map((s) => [s.key, { summary: `Scenario ${s.key}: ${s.summary}`, value: sampleAnswer(op, s).body }])),
          ...Object.fromEntries(rows.map((r) => [r.code, { summary: r.code, value: { error: r.code, message: r.condition, requestId: REQUEST_ID } }])),
        },
      },
    },
  };
}

export function operationResponses(op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of successResponses(op)) {
    const scenarios = op.scenarios.filter((s) => s.status === r.status && !isErrorOutcome(s.outcome));
    out[String(r.status)] = {
      description: r.description,
      headers: headers(common),
      content: {
        "application/json": {
          schema: ref("schemas", responseName(op, r.status)),
          examples: Object.fromEntries(scenarios.map((s) => [s.key, { summary: `Scenario ${s.key}: ${s.summary}`, value: sampleAnswer(op, s).body }])),
        },
      },
    };
  }
  const byStatus = new Map<number, CodeRow[]>();
  for (const row of codesOf(op)) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row]);
  for (const [status, rows] of [...byStatus].sort(([a], [b]) => a - b)) out[String(status)] = errorResponse(op, rows, status);
  return out;
}
