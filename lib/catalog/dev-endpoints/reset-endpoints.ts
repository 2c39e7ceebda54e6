// Reset: start a test suite from a clean app.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";

export const resetAnswerSchema = z.object({
  appId: z.string(),
  at: z.string(),
  deleted: z.object({
    resources: z.number().int(), deliveries: z.number().int(), attempts: z.number().int(), requestLog: z.number().int(),
    inbox: z.number().int(), relays: z.number().int(),
  }).meta({ description: "How many rows of each kind were deleted." }),
});

export const resetEndpoints: DevEndpoint[] = [
  {
    id: "dev.reset",
    errors: {
      RATE_LIMITED: "More resets this minute than RESETS_PER_MINUTE allows for the app; retry-after says when to try again.",
    },
    method: "POST",
    path: "/dev/v1/reset",
    summary: "Reset the app's sandbox data",
    description:
      "Deletes the app's resources (prompts, payouts, verifications, messages), callbacks and their attempts, request log, inspector inbox " +
      "and relays, and restores its float to the default in every currency. Keeps its keys and tokens, subscriptions and settings (time scale, test numbers, callback faults, inspector mode), and " +
      "what every limit counted: calls this minute still count toward the per-minute limit. At most 30 resets per app a minute " +
      "(RESETS_PER_MINUTE; more: 429 RATE_LIMITED). The reset call itself is then recorded in the fresh request log.",
    tool: "sandbox_dev_reset",
    body: z.strictObject({}),
    response: resetAnswerSchema,
    destructive: true,
    example: {
      input: {},
      response: { appId: "app_4Yh2kQ9sLm", at: "2026-11-21T09:30:00.123Z", deleted: { resources: 12, deliveries: 9, attempts: 11, requestLog: 40, inbox: 9, relays: 3 } },
    },
  },
];
