// Which fault an app's fault plan (lib/catalog/dev-endpoints/fault-plan.ts) gives a
// call: the call's number n among the operation's calls the plan has numbered
// (1, 2, 3…; counted by the gateway's store), then the first rule of that
// operation whose `when` matches n. Pure: the same plan and number always give
// the same fault, so a seeded probability repeats exactly on every run.
import type { FaultPlan, FaultPlanRule } from "@/lib/catalog/dev-endpoints";
import type { GatewayFaultName } from "@/lib/catalog";

/** The plan's rules for one operation, in order (none: the call is not numbered at all). */
export const planRulesFor = (plan: FaultPlan, operationId: string): FaultPlanRule[] => plan.filter((r) => r.operation === operationId);

/**
 * A number in [0, 1) from a seed and a call's number: a 32-bit integer hash
 * (Murmur3's finaliser over the two mixed), so neighbouring calls and seeds
 * draw unrelated numbers. The same two inputs always give the same draw.
 */
export function planDraw(seed: number, n: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(n >>> 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** Whether a rule's `when` picks the call numbered n. */
export function planMatches(when: FaultPlanRule["when"], n: number): boolean {
  if (when.every !== undefined) return n % when.every === 0;
  if (when.first !== undefined) return n <= when.first;
  if (when.probability !== undefined) return planDraw(when.seed ?? 0, n) < when.probability;
  return false;
}

/** The fault the first matching rule gives the call numbered n, or null. */
export function plannedFault(rules: readonly FaultPlanRule[], n: number): GatewayFaultName | null {
  return rules.find((r) => planMatches(r.when, n))?.fault ?? null;
}
