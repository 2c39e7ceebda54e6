// A tool call is a gateway call: the same pipeline (checks, rate limit, request
// log, scenario engine, callbacks) runs it, with `via: "mcp"`.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { fillPath, type Operation } from "@/lib/catalog";
import { FAULT_HEADER, SCENARIO_HEADER, TIME_SCALE_HEADER } from "@/lib/engine";
import { handleCall, STEPS } from "@/lib/gateway/pipeline";
import { findOperation } from "@/lib/gateway/steps/access";
import type { GatewayCall, Step } from "@/lib/gateway/context";
import { toToolResult } from "./result";
import { FAULT_ARG, SCENARIO_ARG, TIME_SCALE_ARG } from "./tools";

/**
 * The tool names its operation, so it replaces the path lookup (NO_SUCH_OPERATION
 * cannot arise; a missing path argument gets VALIDATION_ERROR like any field).
 */
function addressed(op: Operation, params: Record<string, string>): Step {
  return (s) => {
    s.op = op;
    s.params = params;
  };
}

/** Splits the arguments into path parameters, body fields, the scenario key and the time scale; builds the call. */
export function toGatewayCall(op: Operation, args: Record<string, unknown>, authorization: string | null) {
  const names = new Set(Object.keys(op.params.shape));
  const params: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (k === SCENARIO_ARG || k === TIME_SCALE_ARG || k === FAULT_ARG || v === undefined) continue;
    // Path parameters arrive as text over HTTP; the same rules then apply.
    if (names.has(k)) params[k] = typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
    else body[k] = v;
  }
  const headers = new Headers();
  if (authorization) headers.set("authorization", authorization);
  if (op.body) headers.set("content-type", "application/json");
  const scenario = args[SCENARIO_ARG];
  if (scenario !== undefined && scenario !== null) headers.set(SCENARIO_HEADER, String(scenario));
  const scale = args[TIME_SCALE_ARG];
  if (scale !== undefined && scale !== null) headers.set(TIME_SCALE_HEADER, String(scale));
  const fault = args[FAULT_ARG];
  if (fault !== undefined && fault !== null) headers.set(FAULT_HEADER, String(fault));
  const call: GatewayCall = {
    method: op.method,
    path: fillPath(op, params),
    headers,
    readBody: async () => JSON.stringify(body),
    via: "mcp",
  };
  return { call, params };
}

export async function callTool(op: Operation, args: Record<string, unknown>, authorization: string | null): Promise<CallToolResult> {
  const { call, params } = toGatewayCall(op, args, authorization);
  const steps = STEPS.map((step) => (step === findOperation ? addressed(op, params) : step));
  return toToolResult(await handleCall(call, undefined, steps));
}
