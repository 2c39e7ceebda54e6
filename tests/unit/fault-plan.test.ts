// The fault plan's rules (lib/catalog/dev-endpoints/fault-plan.ts) and the choice of a
// call's fault from its number (lib/engine/fault-plan.ts).
import { describe, expect, it } from "vitest";
import { faultPlanOf, faultPlanSchema, MAX_FAULT_PLAN_RULES, type FaultPlanRule } from "@/lib/catalog/dev-endpoints";
import { planDraw, plannedFault, planRulesFor } from "@/lib/engine";

const rule = (fault: FaultPlanRule["fault"], when: FaultPlanRule["when"], operation = "collect.push"): FaultPlanRule => ({ operation, fault, when });
const callbackFaultsOf = (rules: FaultPlanRule[], upTo: number) => Array.from({ length: upTo }, (_, i) => plannedFault(rules, i + 1));

describe("a call's planned fault", () => {
  it("every Nth call: N, 2N, 3N…; the first N: 1…N; the first matching rule wins", () => {
    expect(callbackFaultsOf([rule("lost_response", { every: 3 })], 7)).toEqual([null, null, "lost_response", null, null, "lost_response", null]);
    expect(callbackFaultsOf([rule("unavailable", { first: 2 })], 4)).toEqual(["unavailable", "unavailable", null, null]);
    // Every fault once: rule k is "the first k", so call k gets the kth fault.
    const once = [rule("lost_response", { first: 1 }), rule("unavailable", { first: 2 }), rule("token_expired", { first: 3 })];
    expect(callbackFaultsOf(once, 4)).toEqual(["lost_response", "unavailable", "token_expired", null]);
  });

  it("a seeded probability: the same seed and numbers draw the same faults; another seed, other calls; about p of them", () => {
    const plan = [rule("error_after_commit", { probability: 0.25, seed: 7 })];
    const run = callbackFaultsOf(plan, 2000);
    expect(callbackFaultsOf(plan, 2000)).toEqual(run);
    const hits = run.filter(Boolean).length;
    expect(hits).toBeGreaterThan(400);
    expect(hits).toBeLessThan(600);
    expect(callbackFaultsOf([rule("error_after_commit", { probability: 0.25, seed: 8 })], 2000)).not.toEqual(run);
    expect(planDraw(7, 1)).toBe(planDraw(7, 1));
    expect(callbackFaultsOf([rule("unavailable", { probability: 1 })], 5)).toEqual(Array(5).fill("unavailable"));
  });

  it("only the rules of the call's operation", () => {
    const plan = [rule("lost_response", { first: 1 }, "payouts.send"), rule("unavailable", { every: 1 })];
    expect(planRulesFor(plan, "payouts.send")).toEqual([plan[0]]);
    expect(planRulesFor(plan, "sms.send")).toEqual([]);
  });
});

describe("the plan's rules", () => {
  const issue = (plan: unknown) => faultPlanSchema.safeParse(plan).error?.issues[0];
  it(`at most ${MAX_FAULT_PLAN_RULES} rules, each naming a known operation and fault, with exactly one kind of when`, () => {
    expect(issue(Array(MAX_FAULT_PLAN_RULES).fill(rule("lost_response", { every: 2 })))).toBeUndefined();
    expect(issue(Array(MAX_FAULT_PLAN_RULES + 1).fill(rule("lost_response", { every: 2 })))).toMatchObject({ path: [], message: `faultPlan has at most ${MAX_FAULT_PLAN_RULES} rules` });
    expect(issue([{ ...rule("lost_response", { every: 2 }), operation: "collect.pull" }])?.path).toEqual([0, "operation"]);
    expect(issue([{ ...rule("lost_response", { every: 2 }), fault: "lost" }])?.path).toEqual([0, "fault"]);
    expect(issue([rule("lost_response", { every: 2, first: 1 })])).toMatchObject({ path: [0, "when"], message: "when must have exactly one of every, first or probability" });
    expect(issue([rule("lost_response", {})])?.path).toEqual([0, "when"]);
    expect(issue([rule("lost_response", { every: 0 })])?.path).toEqual([0, "when", "every"]);
    expect(issue([rule("lost_response", { first: 2, seed: 1 })])?.message).toBe("when's seed goes with probability only");
    expect(issue([rule("lost_response", { probability: 0 })])?.path).toEqual([0, "when", "probability"]);
  });

  it("a stored plan is read back; nothing or anything unreadable is no plan", () => {
    const plan = [rule("slow_response", { probability: 0.5, seed: 3 })];
    expect(faultPlanOf(JSON.stringify(plan))).toEqual(plan);
    expect(faultPlanOf(null)).toEqual([]);
    expect(faultPlanOf("{not json")).toEqual([]);
  });
});
