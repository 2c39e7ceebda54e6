// Client checks: what the app's client did after each fault injected on
// purpose (X-Svc-Fault), judged from its request log. Handler: lib/activity/client-checks.ts.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";

export const clientCheckSchema = z.object({
  name: z.enum(["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"]),
  status: z.enum(["PASSED", "FAILED", "NOT_EXERCISED"]).meta({ description: "NOT_EXERCISED until a call of the app ran the faults this check is about." }),
  why: z.string().optional().meta({ description: "FAILED: what the client did, in one sentence with the amounts, number and reference." }),
  hint: z.string().optional().meta({ description: "FAILED: what a correct client does." }),
  requestIds: z.array(z.string()).meta({ description: "The request-log rows judged: the faulted call first, then what followed it." }),
  links: z.array(z.object({ label: z.string(), url: z.string() })).meta({ description: "The docs about what the check asks of a client (the errors it answers, tokens, callbacks)." }),
});
export const clientChecksSchema = z.object({ checks: z.array(clientCheckSchema) });

export const clientCheckEndpoints: DevEndpoint[] = [
  {
    id: "dev.client_checks",
    errors: {},
    method: "GET",
    path: "/dev/v1/client-checks",
    summary: "Client checks",
    description:
      "How the app's client handled the faults injected on purpose with X-Svc-Fault, judged from its request log: `retry_reuses_reference` (after a lost " +
      "answer of Collect push or Payouts send, the retry reused the reference; FAILED when a call for the same phone number or destination and amount with " +
      "another reference followed within two minutes on the app's clock), `honours_retry_after` (after `unavailable` or `rate_limited`, no call of " +
      "that operation before Retry-After elapsed), `renews_expired_token` (after `token_expired`, a new token, not the old one again), " +
      "`polls_after_lost_callback` (after `lost_callback`, a status GET of that resource). Reads what the app still keeps (a reset starts it over).",
    tool: "sandbox_dev_client_checks",
    query: z.object({}),
    response: clientChecksSchema,
  },
];
