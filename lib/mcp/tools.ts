// The MCP tools, generated from the catalog: one tool per operation, its input
// schema from the operation's own zod schemas (path parameters + body fields)
// plus an optional `scenario`. Pure: no gateway, no database (the docs page uses it).
import { z } from "zod";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { apiOf, groupOf, operations, type Operation, type Scenario } from "@/lib/catalog";
import { jsonSchema, responseSchema, withMagicValues } from "@/lib/docs/schema";
import { successResponses } from "@/lib/docs/names";
import { toolOutputSchema } from "./output";
import { GATEWAY_FAULT_NAMES, GATEWAY_FAULTS } from "@/lib/engine";
import { scenarioTriggerText } from "@/lib/docs/triggers";

/** The tool argument that acts like the X-Svc-Scenario header. */
export const SCENARIO_ARG = "scenario";
/** The tool argument that acts like the X-Svc-Time-Scale header. */
export const TIME_SCALE_ARG = "timeScale";
/** The tool argument that acts like the X-Svc-Fault header. */
export const FAULT_ARG = "fault";

/** The input of an operation's tool, as one zod object (validation itself stays in the gateway). */
export function toolInputSchema(op: Operation) {
  const shape = { ...op.params.shape, ...(op.body?.shape ?? {}) };
  for (const arg of [SCENARIO_ARG, TIME_SCALE_ARG, FAULT_ARG]) {
    if (arg in shape) throw new Error(`${op.id} has a field named "${arg}", which its MCP tool reserves`);
  }
  const keys = op.scenarios.map((s) => s.key) as [string, ...string[]];
  return z.object({
    ...shape,
    [SCENARIO_ARG]: z
      .enum(keys)
      .optional()
      .meta({ description: "Forces this scenario, like the X-Svc-Scenario header: test numbers and magic values in the arguments are then ignored." }),
    [TIME_SCALE_ARG]: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: "Multiplies every scripted delay of this call (response, callback, live state), like the X-Svc-Time-Scale header: 1 = the documented timings, 0.1 = ten times faster, 0 = instant. Default: the app's time scale." }),
    [FAULT_ARG]: z
      .enum(GATEWAY_FAULT_NAMES)
      .optional()
      .meta({ description: `Rehearses one of production's failures on this call, like the X-Svc-Fault header: ${GATEWAY_FAULTS.map((f) => `${f.name} (${f.committed ? "committed" : "not committed"}: ${f.sees})`).join("; ")}.` }),
  });
}

function scenarioLine(s: Scenario): string {
  const callback = s.callbackDelayMs !== undefined ? `, callback after ${s.callbackDelayMs / 1000} s` : "";
  return `- ${s.key} (trigger: ${scenarioTriggerText(s)}) → ${s.status}${callback}: ${s.summary}`;
}

/**
 * An operation that moves money is one that carries a reference (the catalog's
 * `referenceField`): its duplicate scenario answers 409 DUPLICATE_REFERENCE, so a
 * retry with the same reference cannot move the money twice.
 */
export function retryNote(op: Operation): string | null {
  if (!op.referenceField) return null;
  const f = op.referenceField;
  return `Retries: this call moves money. A retry (after a timeout, a 5xx or a lost answer) must reuse the same \`${f}\`; never make a new one. ` +
    `A 409 DUPLICATE_REFERENCE on the retry means the first call went through: look it up (its callback or the status tool) instead of sending it again.`;
}

/** Summary, description, the retry rule of a money-moving operation, and the scenario list, from the catalog. */
export function toolDescription(op: Operation): string {
  const api = apiOf(op);
  const retry = retryNote(op);
  return [
    `${op.summary}. ${op.description}`,
    ...(retry ? [retry] : []),
    `Sandbox call ${op.method} ${op.path} (${api.name} API, ${groupOf(op).name} group): scripted outcomes, no money moves. ` +
      "Every call counts toward your app's per-minute rate limit, like an HTTP call.",
    "Scenarios (body.<field> and path.<param> are this tool's arguments): the first whose trigger matches runs, otherwise the default; the `scenario` argument forces one (except that a reference already taken always answers DUPLICATE_REFERENCE), and your app's test numbers rank before the triggers. `timeScale` (0 to 1) shortens the delays.",
    op.scenarios.map(scenarioLine).join("\n"),
  ].join("\n\n");
}

export function toolOf(op: Operation): Tool {
  const inputSchema = withMagicValues(op, jsonSchema(toolInputSchema(op), "input"));
  return {
    name: op.tool,
    title: op.summary,
    description: toolDescription(op),
    inputSchema: inputSchema as Tool["inputSchema"],
    outputSchema: toolOutputSchema(successResponses(op).map((r) => responseSchema(r.schema))),
    annotations: { title: op.summary, readOnlyHint: op.method === "GET", destructiveHint: false, openWorldHint: false },
  };
}

/** Every tool, in catalog order. */
export const allTools: readonly Tool[] = operations.map(toolOf);

/** The tools an app sees: those of the groups its subscription makes usable (ACTIVE). */
export function toolsForApp(subscriptions: readonly { group: string; status: string }[]): Tool[] {
  const usable = new Set(subscriptions.filter((s) => s.status === "ACTIVE").map((s) => s.group));
  return operations.flatMap((op, i) => (usable.has(groupOf(op).name) ? [allTools[i]!] : []));
}
