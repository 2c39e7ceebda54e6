// Held resources (the `held` scenarios of lib/catalog/operations.ts): the call
// answers as accepted and keeps its input; resolving it later runs the chosen
// scenario's outcome on that input, as if the scenario had been chosen at the
// call, with its delays counted from the resolve. Pure: lib/callbacks/held.ts
// reads and writes the rows.
import type { Operation, Scenario } from "@/lib/catalog";
import { ApiError } from "@/lib/errors";
import { isErrorOutcome, settle } from "./answer";
import { liveViews } from "./operations";
import { resolveTimeScale } from "./time-scale";
import type { EngineContext, HoldRecord, TrackedResource } from "./types";

/** The operation's held scenario, when it has one. */
export const heldScenario = (op: Operation): Scenario | undefined => op.scenarios.find((s) => s.hold);

/** The scenarios a held resource of `op` may be resolved with: those that call back, in catalog order. */
export function resolutionScenarios(op: Operation): Scenario[] {
  return op.scenarios.filter((s) => s.callbackDelayMs !== undefined && !isErrorOutcome(s.outcome) && !s.hold);
}

/** The scenario a held resource of `op` resolves as when nobody resolved it in time (none: it stays held). */
export function expiryScenario(op: Operation): Scenario | undefined {
  const key = heldScenario(op)?.hold?.expiresAs;
  return key ? resolutionScenarios(op).find((s) => s.key === key) : undefined;
}

/** A held resource's answers on the console's Handset phone (components/console/phone.tsx), all from the catalog. */
export type HandsetAnswers = {
  /** The resolutions with a button of their own (the catalog's `handset` label); `primary`: the operation's default. */
  buttons: { key: string; label: string; primary: boolean }[];
  /** The other resolutions (a prompt's "More outcomes"). */
  more: string[];
  /** The scenario it expires as ("Ignore": let it time out), null when it never expires. */
  ignore: string | null;
};

export function handsetAnswers(op: Operation): HandsetAnswers {
  const ignore = expiryScenario(op)?.key ?? null;
  const rest = resolutionScenarios(op).filter((s) => s.key !== ignore);
  return {
    buttons: rest.flatMap((s) => (s.handset ? [{ key: s.key, label: s.handset, primary: s.default === true }] : [])),
    more: rest.filter((s) => !s.handset).map((s) => s.key),
    ignore,
  };
}

/** The scale a resolution runs with: the resolving call's X-Svc-Time-Scale, else the holding call's, else the app's. */
export function resolutionTimeScale(header: string | null | undefined, hold: Pick<HoldRecord, "timeScale">, appScale: number): number {
  return resolveTimeScale(header, hold.timeScale ?? appScale);
}

/** The resolving scenario of `op` named `key`, or VALIDATION_ERROR naming `scenario` and the keys that are allowed. */
export function resolutionScenario(op: Operation, key: string): Scenario {
  const allowed = resolutionScenarios(op);
  const found = allowed.find((s) => s.key === key);
  if (found) return found;
  const why = op.scenarios.some((s) => s.key === key) ? `${key} sends no callback` : `${op.id} has no scenario ${key}`;
  const message = allowed.length ? `scenario must be one of ${allowed.map((s) => s.key).join(", ")} (${why})` : `${op.id} sends no callback: no scenario resolves it`;
  throw new ApiError("VALIDATION_ERROR", message, {}, [{ field: "scenario", message }]);
}

/**
 * The outcome of a held resource resolved with `scenario` at `ctx.now`: its
 * new `settlesAt` and data, and the callback (body built from the kept input,
 * due after the scenario's callback delay at `ctx.timeScale`).
 */
export function resolveHold(op: Operation, scenario: Scenario, held: { id: string; data: Record<string, unknown>; hold: HoldRecord }, ctx: EngineContext) {
  const { input } = held.hold;
  const reference = op.referenceField ? String(input.body[op.referenceField] ?? "") : null;
  const settled = settle(op, scenario, input, { id: held.id, reference, settlesAt: null, data: held.data }, ctx);
  if (!settled) throw new Error(`${op.id} scenario ${scenario.key} sends no callback`); // resolutionScenario checked it
  return { scenario, settlesAt: settled.resource.settlesAt, data: settled.resource.data, callback: settled.callback };
}

/** The live state of a resource, as its operation's GET answers it. */
export function liveState(r: TrackedResource, now: Date): Record<string, unknown> {
  const prefix = r.id.slice(0, 3) as keyof typeof liveViews;
  return (liveViews[prefix]?.(r, now) ?? {}) as Record<string, unknown>;
}
