// The app's developer settings: time scale, callback faults, inspector answer
// mode, fault plan (fault-plan.ts). One schema each; the console, the operator command line, the API and
// MCP all validate with these.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";
import { faultPlanSchema } from "./fault-plan";

/** 0 ≤ s ≤ 1: the factor on every scripted delay (1 = the catalog's delays as written in lib/catalog/operations.ts, 0 = instant). */
export const timeScaleSchema = z
  .number({ error: "timeScale must be a number from 0 to 1" })
  .min(0, { error: "timeScale must be at least 0" })
  .max(1, { error: "timeScale must be at most 1" });

/** Callback faults for robustness tests; all off by default. */
export const callbackFaultsSchema = z.object({
  duplicate: z.boolean({ error: "duplicate must be true or false" }).default(false)
    .meta({ description: "Send every callback twice (same delivery id): tests that the receiver deduplicates." }),
  badSignature: z.boolean({ error: "badSignature must be true or false" }).default(false)
    .meta({ description: "Sign callbacks with a wrong secret: tests that the receiver rejects them." }),
  extraDelayMs: z.number({ error: "extraDelayMs must be a number" }).int({ error: "extraDelayMs must be a whole number" })
    .min(0, { error: "extraDelayMs must be at least 0" }).max(600_000, { error: "extraDelayMs must be at most 600000 (10 minutes)" }).default(0)
    .meta({ description: "Send callbacks this many ms late (after the scaled callback delay)." }),
});
export type CallbackFaults = z.output<typeof callbackFaultsSchema>;

/** How the app's inspector answers; the default is 200 {"received": true} at once. */
export const inspectorModeSchema = z.object({
  status: z.number({ error: "status must be a number" }).int({ error: "status must be a whole number" })
    .min(200, { error: "status must be from 200 to 599" }).max(599, { error: "status must be from 200 to 599" }).default(200)
    .meta({ description: "The HTTP status the inspector answers with." }),
  delayMs: z.number({ error: "delayMs must be a number" }).int({ error: "delayMs must be a whole number" })
    .min(0, { error: "delayMs must be at least 0" }).max(15_000, { error: "delayMs must be at most 15000" }).default(0)
    .meta({ description: "Wait this long before answering; past 10 000 the sandbox's callback times out." }),
  failFirst: z.number({ error: "failFirst must be a number" }).int({ error: "failFirst must be a whole number" })
    .min(0, { error: "failFirst must be at least 0" }).max(10, { error: "failFirst must be at most 10" }).default(0)
    .meta({ description: "Answer 500 to the first N deliveries of each callback, then `status`." }),
});
export type InspectorMode = z.output<typeof inspectorModeSchema>;

export const devSettingsSchema = z.object({
  timeScale: timeScaleSchema,
  callbackFaults: callbackFaultsSchema,
  inspectorMode: inspectorModeSchema,
  faultPlan: faultPlanSchema,
});
export type DevSettings = z.output<typeof devSettingsSchema>;

/** The same fields, each optional and without its default (zod's `.partial()` would still fill the defaults in). */
function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? (v.removeDefault() as z.ZodType) : (v as z.ZodType)).optional()]),
  );
  return z.strictObject(shape as { [K in keyof T]: z.ZodOptional<z.ZodType<z.output<T[K]>>> });
}

/** A change: any subset of the settings; a nested object changes only the fields it names. */
export const devSettingsPatchSchema = z.strictObject({
  timeScale: timeScaleSchema.optional(),
  callbackFaults: patchOf(callbackFaultsSchema).optional(),
  inspectorMode: patchOf(inspectorModeSchema).optional(),
  /** Replaces the whole plan ([] clears it) and starts its numbering again. */
  faultPlan: faultPlanSchema.optional(),
});
export type DevSettingsPatch = z.output<typeof devSettingsPatchSchema>;

const EXAMPLE_SETTINGS = { timeScale: 0.1, callbackFaults: { duplicate: false, badSignature: false, extraDelayMs: 0 }, inspectorMode: { status: 200, delayMs: 0, failFirst: 0 }, faultPlan: [] };

export const settingsEndpoints: DevEndpoint[] = [
  {
    id: "dev.settings.get",
    errors: {},
    method: "GET",
    path: "/dev/v1/settings",
    summary: "Read the app's developer settings",
    description: "The app's time scale, callback faults, inspector answer mode and fault plan.",
    tool: "sandbox_dev_get_settings",
    response: devSettingsSchema,
    example: { response: EXAMPLE_SETTINGS },
  },
  {
    id: "dev.settings.update",
    errors: {},
    method: "PATCH",
    path: "/dev/v1/settings",
    summary: "Change the app's developer settings",
    description:
      "Sets any of: `timeScale` (0–1, the factor on every scripted delay; an `X-Svc-Time-Scale` header on a call wins), " +
      "`callbackFaults` (duplicate, badSignature, extraDelayMs), `inspectorMode` (status, delayMs, failFirst) and `faultPlan` " +
      "(rules {operation, fault, when}: which calls without X-Svc-Fault get a fault; the list replaces the plan and its numbering starts again; [] clears it). " +
      "Answers the settings as they now are.",
    tool: "sandbox_dev_update_settings",
    body: devSettingsPatchSchema,
    response: devSettingsSchema,
    example: { input: { timeScale: 0.1, inspectorMode: { failFirst: 2 } }, response: { ...EXAMPLE_SETTINGS, inspectorMode: { status: 200, delayMs: 0, failFirst: 2 } } },
  },
];

// ---- reading the JSON columns the settings are stored in (App.callbackFaults, App.inspectorMode) ----

function fromJson<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, text: string | null | undefined, fallback: T): T {
  try {
    const r = schema.safeParse(JSON.parse(text ?? "{}"));
    return r.success ? r.data : fallback;
  } catch {
    return fallback;
  }
}

/** An app row's stored callback faults (JSON text), with the defaults filled in. */
export const callbackFaultsOf = (text: string | null | undefined): CallbackFaults => fromJson(callbackFaultsSchema, text, callbackFaultsSchema.parse({}));
/** An app row's stored inspector mode (JSON text), with the defaults filled in. */
export const inspectorModeOf = (text: string | null | undefined): InspectorMode => fromJson(inspectorModeSchema, text, inspectorModeSchema.parse({}));
