// An app's fault plan (PATCH /dev/v1/settings `faultPlan`): which calls get
// which fault without an X-Svc-Fault header, so an unchanged test suite meets
// them. A rule names an operation, a fault and when: every Nth call of that
// operation, its first N calls, or a probability drawn from a seed and the
// call's number (the same calls get the same faults on every run). The
// numbering and the choice: lib/engine/fault-plan.ts; the count: the gateway's
// store (countPlanCall).
import { z } from "zod";
import { GATEWAY_FAULT_NAMES } from "../gateway-fault-names";
import { operations } from "../operations";

/** How many rules a plan may have. */
export const MAX_FAULT_PLAN_RULES = 20;
/** The largest N of `every` and `first`. */
export const MAX_FAULT_PLAN_COUNT = 1_000_000;
const MAX_SEED = 2 ** 31 - 1;

const OPERATION_IDS = operations.map((o) => o.id) as [string, ...string[]];

const count = (name: string) =>
  z.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` }).max(MAX_FAULT_PLAN_COUNT, { error: `${name} must be at most ${MAX_FAULT_PLAN_COUNT}` });

const WHEN_KINDS = ["every", "first", "probability"] as const;

export const faultWhenSchema = z
  .strictObject({
    every: count("every").optional().meta({ description: "Every Nth call of the operation (N, 2N, 3N…)." }),
    first: count("first").optional().meta({ description: "The operation's first N calls." }),
    probability: z.number({ error: "probability must be a number" }).gt(0, { error: "probability must be more than 0" })
      .max(1, { error: "probability must be at most 1" }).optional()
      .meta({ description: "Each call with this probability, drawn from `seed` and the call's number: the same on every run." }),
    seed: z.number({ error: "seed must be a number" }).int({ error: "seed must be a whole number" })
      .min(0, { error: "seed must be at least 0" }).max(MAX_SEED, { error: `seed must be at most ${MAX_SEED}` }).optional()
      .meta({ description: "With `probability` (default 0): another seed, other calls." }),
  })
  .refine((w) => WHEN_KINDS.filter((k) => w[k] !== undefined).length === 1, { error: "when must have exactly one of every, first or probability" })
  .refine((w) => w.seed === undefined || w.probability !== undefined, { error: "when's seed goes with probability only" });

export const faultPlanRuleSchema = z.strictObject({
  operation: z.enum(OPERATION_IDS, { error: `operation must be one of ${OPERATION_IDS.join(", ")}` })
    .meta({ description: "The operation whose calls the rule picks, e.g. collect.push." }),
  fault: z.enum(GATEWAY_FAULT_NAMES, { error: `fault must be one of ${GATEWAY_FAULT_NAMES.join(", ")}` }).meta({ description: "The fault, as X-Svc-Fault names it." }),
  when: faultWhenSchema,
});
export type FaultPlanRule = z.output<typeof faultPlanRuleSchema>;

export const faultPlanSchema = z
  .array(faultPlanRuleSchema, { error: "faultPlan must be a list of rules" })
  .max(MAX_FAULT_PLAN_RULES, { error: `faultPlan has at most ${MAX_FAULT_PLAN_RULES} rules` })
  .meta({
    description:
      "Rules {operation, fault, when}, tried in order for each call of an operation without X-Svc-Fault (the header wins): " +
      "the first whose `when` matches the call's number (1, 2, 3… since the plan was set or the app reset) gives its fault. " +
      `At most ${MAX_FAULT_PLAN_RULES} rules; [] clears the plan.`,
  });
export type FaultPlan = z.output<typeof faultPlanSchema>;

/** An app row's stored plan (JSON text): [] for none or anything unreadable. */
export function faultPlanOf(stored: string | null | undefined): FaultPlan {
  if (!stored || stored === "[]") return [];
  try {
    const r = faultPlanSchema.safeParse(JSON.parse(stored));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}
