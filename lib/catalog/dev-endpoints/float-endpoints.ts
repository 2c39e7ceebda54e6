// The app's float: what payouts are paid out of, per currency (lib/float keeps
// it, lib/devapi/float.ts serves it). The console, the command line, the API
// and MCP validate with these.
import { z } from "zod";
import { CURRENCIES } from "../schemas/fields";
import type { DevEndpoint } from "./endpoint";

export { CURRENCIES };
export type Currency = (typeof CURRENCIES)[number];

/** The most a float may be set to, in whole currency units. */
export const FLOAT_MAX = 1_000_000_000;

export const floatCurrencyParams = z.strictObject({
  currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(", ")}` })
    .meta({ description: "The float's currency.", examples: ["KES"] }),
});

export const floatSetSchema = z.strictObject({
  available: z.number({ error: "available must be a number" }).int({ error: "available must be a whole number" })
    .min(0, { error: "available must be at least 0" }).max(FLOAT_MAX, { error: `available must be at most ${FLOAT_MAX}` })
    .meta({ description: "What is free to pay out, in whole currency units. Payouts queued keep their reserves on top of it." }),
});

export const floatBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  available: z.number().int().meta({ description: "Free to pay out: a payout larger than this runs float_low." }),
  reserved: z.number().int().meta({ description: "Held by payouts accepted and still QUEUED (held ones until resolved); paid out when they are DELIVERED, given back when a held one is resolved as FAILED." }),
});
export type FloatBalance = z.output<typeof floatBalanceSchema>;

/** The float a payout call met, as its request-log row keeps it (lib/activity/float-met.ts). */
export const floatMetSchema = z.object({
  currency: z.enum(CURRENCIES),
  available: z.number().int().meta({ description: "Available before the call's reservation; for a float_low payout, the balance that was too low." }),
  reserved: z.number().int().meta({ description: "What the call reserved (0: nothing, e.g. float_low or a scenario forced on a low float)." }),
}).meta({ description: "The float the payout met; null for a call that is not a payout." });

export const floatAnswerSchema = z.object({ balances: z.array(floatBalanceSchema) });

const EXAMPLE = [
  { currency: "KES", available: 998_500, reserved: 1_500 },
  { currency: "TZS", available: 1_000_000, reserved: 0 },
  { currency: "UGX", available: 1_000_000, reserved: 0 },
];

export const floatEndpoints: DevEndpoint[] = [
  {
    id: "dev.float.get",
    errors: {},
    method: "GET",
    path: "/dev/v1/float",
    summary: "Read the app's float",
    description:
      "The app's float in each currency: `available` (free to pay out) and `reserved` (held by payouts accepted and still QUEUED). " +
      "An accepted payout moves its amount from available to reserved; DELIVERED pays it out of reserved, a held payout resolved as FAILED " +
      "gives it back to available. A payout larger than available runs float_low. Every app, and every throwaway sandbox, starts at " +
      "FLOAT_DEFAULT (1,000,000) per currency; a reset restores it.",
    tool: "sandbox_dev_get_float",
    client: { api: "payouts", method: "getFloat" },
    response: floatAnswerSchema,
    example: { response: { balances: EXAMPLE } },
  },
  {
    id: "dev.float.set",
    errors: {},
    method: "PUT",
    path: "/dev/v1/float/{currency}",
    summary: "Set the app's float in one currency",
    description:
      `Sets what is available in \`currency\` (KES, TZS, UGX) to \`available\` (a whole number from 0 to ${FLOAT_MAX}); what queued payouts ` +
      "reserved stays reserved. Set it low to rehearse a float running out. Answers the balance.",
    tool: "sandbox_dev_set_float",
    client: { api: "payouts", method: "setFloat" },
    params: floatCurrencyParams,
    body: floatSetSchema,
    response: floatBalanceSchema,
    example: { input: { available: 5_000 }, response: { currency: "KES", available: 5_000, reserved: 1_500 } },
  },
];
