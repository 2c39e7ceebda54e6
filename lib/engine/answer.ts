// Building the answer of a picked scenario: status, body, scripted delay, the
// resource to keep and the callback to schedule. Pure: it neither stores nor sends.
import type { ErrorOutcome, Operation, Scenario } from "@/lib/catalog";
import { errorBody } from "@/lib/errors";
import { floatTake } from "./float";
import { builders, liveViews, settlers } from "./operations";
import { SCENARIO_HEADER } from "./select";
import { scaled } from "./time-scale";
import type { Answer, EngineContext, Facts, NewResource } from "./types";
import type { OperationInput } from "./request";

export function isErrorOutcome(o: unknown): o is ErrorOutcome {
  return typeof o === "object" && o !== null && "error" in o;
}

/** `{body.reference}` and `{path.checkoutId}` in scenario messages. */
function interpolate(message: string, input: OperationInput): string {
  return message.replace(/\{(body|path)\.(\w+)\}/g, (_m, where: string, name: string) =>
    String((where === "body" ? input.body[name] : input.params[name]) ?? ""),
  );
}

/** The callback goes to the request's callbackUrl, else the app's default, else nowhere (recorded as not sent). */
export function callbackTarget(body: Record<string, unknown>, defaultUrl?: string | null): string | null {
  const url = typeof body.callbackUrl === "string" && body.callbackUrl ? body.callbackUrl : defaultUrl;
  return url || null;
}

/**
 * The answer of a picked scenario. Every scripted delay (the response delay,
 * the callback delay and with it `settlesAt`, when the live state changes) is
 * multiplied by the call's time scale. A held scenario answers as accepted
 * and keeps what resolving it needs instead of an outcome (hold.ts).
 */
export function answer(op: Operation, scenario: Scenario, input: OperationInput, facts: Facts, ctx: EngineContext): Answer {
  const base = { operation: op, scenario, delayMs: scaled(scenario.delayMs, ctx.timeScale), headers: { [SCENARIO_HEADER]: scenario.key } };
  const outcome = scenario.outcome;
  if (isErrorOutcome(outcome)) {
    return { ...base, status: scenario.status, body: errorBody(outcome.error, interpolate(outcome.message, input), ctx.requestId) };
  }
  if ((outcome as { live?: boolean }).live) {
    const id = input.params[op.resource.idField]!;
    if (!facts.tracked) {
      // `tracked` forced by the header on an id this app did not create (or by a try-it preview, which has no resources)
      return { ...base, status: 404, body: errorBody("NOT_FOUND", `the calling app has no resource with id ${id}`, ctx.requestId) };
    }
    return { ...base, status: scenario.status, body: liveViews[op.resource.prefix](facts.tracked, ctx.now) };
  }
  const built = builders[op.id]({ op, scenario, outcome: outcome as Record<string, unknown>, ...input, facts, ctx });
  const answered = { ...base, status: scenario.status, body: built.body };
  if (!built.resource) return answered;
  const float = floatTake(op, scenario, input.body, facts);
  const resource = float ? { ...built.resource, float } : built.resource;
  if (scenario.hold) return { ...answered, resource: { ...resource, hold: { input, accepted: built.body } } };
  const settled = settle(op, scenario, input, resource, ctx);
  return settled ? { ...answered, ...settled } : { ...answered, resource };
}

/**
 * The outcome of a scenario that calls back, for an accepted (or held) resource,
 * decided at `ctx.now`: the resource with its `settlesAt` and settled data, and
 * the callback due then. Undefined when the scenario or the operation sends none.
 */
export function settle(op: Operation, scenario: Scenario, input: OperationInput, resource: NewResource, ctx: EngineContext) {
  const settler = settlers[op.id];
  if (!settler || scenario.callbackDelayMs === undefined || isErrorOutcome(scenario.outcome)) return undefined;
  const delayMs = scaled(scenario.callbackDelayMs, ctx.timeScale);
  const settlesAt = new Date(ctx.now.getTime() + delayMs);
  const s = settler({ scenario, outcome: scenario.outcome as Record<string, unknown>, ...input, id: resource.id, ctx, settlesAt });
  return {
    resource: { ...resource, settlesAt, data: { ...resource.data, ...s.data } },
    callback: { url: callbackTarget(input.body, ctx.defaultCallbackUrl), dueAt: settlesAt, delayMs, body: s.callback },
  };
}
