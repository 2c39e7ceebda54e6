// The float a payout meets (lib/float keeps the balances): what a call asks
// of it, what an accepted call takes, and whether a held one's resolution
// keeps what it took. Pure.
import type { Operation, Scenario } from "@/lib/catalog";
import type { Facts, FloatTake } from "./types";

/** The amount and currency a call of `op` asks of the float; undefined when `op` is not paid out of it. */
export function floatAsk(op: Operation, body: Record<string, unknown>): FloatTake | undefined {
  if (!op.float) return undefined;
  return { currency: String(body.currency), amount: Number(body.amount) };
}

/**
 * What an accepted call of `scenario` takes from the float: the amount asked,
 * when the scenario is one that takes and the float covers it (the `floatLow`
 * fact looked up as false). A scenario forced by X-Svc-Scenario or a test
 * number on a float too low takes nothing (the header and test numbers win over state).
 */
export function floatTake(op: Operation, scenario: Scenario, body: Record<string, unknown>, facts: Facts): FloatTake | undefined {
  if (!op.float?.takes.includes(scenario.key) || facts.floatLow !== false) return undefined;
  return floatAsk(op, body);
}

/** Whether a held resource resolved with `scenario` keeps its reserve (to be paid out) or gives it back. */
export const keepsFloat = (op: Operation, scenario: Scenario): boolean => Boolean(op.float?.takes.includes(scenario.key));
