// Held resources and timelines (docs: /docs/held): list what waits, resolve it
// with a scenario, read everything that happened to one resource in order.
// Handlers: lib/devapi/handlers.ts → lib/callbacks/held.ts, lib/activity.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";
import { floatMetSchema } from "./float-endpoints";

const resourceIdParams = z.object({
  id: z.string({ error: "id must be a string" }).trim().min(1, { error: "id must not be empty" }).max(64, { error: "id must be at most 64 characters" })
    .meta({ description: "The resource's id, as the call answered it (checkoutId, payoutId, messageId, verificationId)." }),
});

export const resolveBodySchema = z.strictObject({
  scenario: z.string({ error: "scenario must be a scenario key" }).trim().min(1, { error: "scenario must not be empty" }).max(60, { error: "scenario must be at most 60 characters" })
    .meta({ description: "A scenario of the resource's operation that sends a callback, e.g. `paid`, `cancelled`, `no_answer`, `insufficient_funds` (Collect), `sent`, `float_low` (Payouts), `delivered`, `handset_off` (SMS)." }),
});

const VIA = ["http", "mcp", "console", "try-it", "expiry"] as const;

export const resolveAnswerSchema = z.object({
  resourceId: z.string(),
  operationId: z.string(),
  scenarioKey: z.string().meta({ description: "The scenario it was resolved with (also its scenarioKey from now on)." }),
  state: z.string().meta({ description: "Its live state now, as its GET answers it: still PENDING (QUEUED) until the callback time, then the outcome's." }),
  live: z.record(z.string(), z.unknown()).meta({ description: "What its GET answers now." }),
  settlesAt: z.string().meta({ description: "When its outcome is decided and its callback due: the resolve time plus the scenario's callback delay at the time scale." }),
  resolvedAt: z.string(),
  resolvedVia: z.enum(VIA),
  requestId: z.string().nullable().meta({ description: "The request-log id of the resolving call." }),
  deliveryId: z.string().meta({ description: "The callback's delivery id (x-svc-delivery): wait for it with GET /dev/v1/callbacks/wait." }),
  callback: z.object({
    url: z.string().nullable(),
    dueAt: z.string(),
    state: z.string().meta({ description: "SCHEDULED, or NOT_SENT when there is no http(s) address." }),
    lastError: z.string().nullable(),
  }),
});

export const heldListSchema = z.object({
  resources: z.array(z.object({
    id: z.string(),
    operationId: z.string(),
    reference: z.string().nullable(),
    heldAt: z.string(),
    request: z.record(z.string(), z.unknown()).meta({ description: "The body the call sent." }),
    accepted: z.record(z.string(), z.unknown()).meta({ description: "What the call answered (e.g. Collect's customerMessage)." }),
    outcomes: z.array(z.object({ key: z.string(), summary: z.string() })).meta({ description: "The scenarios it can be resolved with." }),
    expires: z.object({ scenarioKey: z.string(), at: z.string() }).nullable()
      .meta({ description: "When it resolves by itself, and as what; null: it stays held until resolved." }),
  })).meta({ description: "Held and not yet resolved, newest first (at most 100)." }),
});

const at = z.string().meta({ description: "When (ISO 8601, milliseconds)." });
const call = {
  requestId: z.string(), via: z.string().meta({ description: "http, mcp, console, or try-it (the docs' try-it panel, run as the app by its signed-in owner)." }), method: z.string(), path: z.string(),
  operationId: z.string().nullable(), status: z.number().int().meta({ description: "The HTTP status answered." }), scenarioKey: z.string().nullable(),
  fault: z.string().nullable().optional().meta({ description: "The fault applied to the call on purpose (X-Svc-Fault), null when none." }),
  note: z.string().optional().meta({ description: "What was done on purpose: the call's fault and what its client saw, or, on a retry that found it, that the first call went through." }),
  float: floatMetSchema.nullable().optional(),
};
const arrival = { status: z.number().int().nullable(), error: z.string().nullable(), durationMs: z.number().int() };

export const timelineEventSchema = z.discriminatedUnion("type", [
  z.object({
    at, type: z.literal("request"), ...call,
    retryOf: z.string().optional().meta({
      description: "On a call answered 409 DUPLICATE_REFERENCE with its reference after the creating call's answer was lost on purpose (lost_response, error_after_commit, slow_response cut short): " +
        "the creating call's request id. The retry found it: the first call went through.",
    }),
  }).meta({ description: "A call: the one that created it, one naming it in its path (a resolve), or a retry with its reference that found it (`retryOf`)." }),
  z.object({ at, type: z.literal("status_read"), ...call, state: z.string().nullable().meta({ description: "The state it answered." }) })
    .meta({ description: "A GET of the resource (its operation's status call)." }),
  z.object({
    at, type: z.literal("state"),
    change: z.enum(["held", "resolved", "settled"]),
    state: z.string().meta({ description: "The live state from then on." }),
    scenarioKey: z.string().nullable().optional(), via: z.enum(VIA).nullable().optional(), requestId: z.string().nullable().optional(),
    resultCode: z.number().int().optional(),
  }).meta({ description: "A change of its live state: held at the call, resolved (with the scenario, who and by which request), settled (the outcome)." }),
  z.object({
    at, type: z.literal("callback_scheduled"), deliveryId: z.string(), url: z.string().nullable(), dueAt: z.string(), scenarioKey: z.string(),
    state: z.string().meta({ description: "The delivery's state now." }), error: z.string().nullable().optional().meta({ description: "Why it will not be sent (NOT_SENT)." }),
    faults: z.record(z.string(), z.unknown()).optional().meta({ description: "Callback faults applied on purpose." }),
  }).meta({ description: "Its callback was scheduled." }),
  z.object({ at, type: z.literal("callback_attempt"), deliveryId: z.string(), attempt: z.number().int(), url: z.string().nullable(), ...arrival, note: z.string().nullable() })
    .meta({ description: "One POST of its callback: address, the receiver's status or the failure, what was done on purpose (note)." }),
  z.object({ at, type: z.literal("inbox"), inboxEntryId: z.string(), deliveryId: z.string().nullable(), status: z.number().int() })
    .meta({ description: "The app's inspector received its callback (and answered `status`)." }),
  z.object({ at, type: z.literal("relay"), deliveryId: z.string().nullable(), inboxEntryId: z.string().nullable(), listener: z.string(), target: z.string(), ...arrival })
    .meta({ description: "A listener (sandbox.mjs listen) relayed its callback to a local server, which answered." }),
]);

export const timelineSchema = z.object({
  resourceId: z.string(),
  operationId: z.string(),
  scenarioKey: z.string().meta({ description: "Its scenario (a held resource: `held` until resolved, then the resolving scenario)." }),
  state: z.string().meta({ description: "Its live state now, as its GET answers it." }),
  held: z.boolean().meta({ description: "Held and not resolved yet." }),
  createdAt: z.string(),
  settlesAt: z.string().nullable(),
  resolvedVia: z.enum(VIA).nullable(),
  events: z.array(timelineEventSchema).meta({
    description: "Everything that happened to it, oldest first; the first is the `request` that created it. Types: request, status_read, state, callback_scheduled, callback_attempt, inbox, relay.",
  }),
  truncated: z.boolean().meta({ description: "More than 500 logged calls name it: only the newest 500 are events." }),
});

const EXAMPLE_ID = "chk_3kTMd9qLw0vYx2pZbR7cNe";
const EXAMPLE_DELIVERY = "dlv_8hQm2VxZr4Lt7NcPw1sKd9";

export const resourceEndpoints: DevEndpoint[] = [
  {
    id: "dev.resources.held",
    errors: {},
    method: "GET",
    path: "/dev/v1/resources/held",
    summary: "List the held resources",
    description:
      "The app's resources held by the `held` scenario and not resolved yet (prompts, payouts, messages), newest first, each with the body " +
      "its call sent, the answer it got, the scenarios it can be resolved with and when it resolves by itself. The console's Handset shows the same list.",
    tool: "sandbox_dev_list_held",
    response: heldListSchema,
  },
  {
    id: "dev.resources.resolve",
    errors: {
      VALIDATION_ERROR: "scenario is not one of the operation's scenarios that send a callback.",
      NOT_FOUND: "No resource of this app with that id.",
      CONFLICT: "The resource is not held: its scenario decided its outcome at the call, or it was resolved already (the message says when and how).",
    },
    method: "POST",
    path: "/dev/v1/resources/{id}/resolve",
    summary: "Resolve a held resource",
    description:
      "Decides a held resource's outcome now with one of its operation's scenarios that send a callback: its live state and its callback " +
      "then follow that scenario exactly as if it had been chosen at the call, with the delays counted from now and multiplied by the time " +
      "scale (this call's `X-Svc-Time-Scale`, else the holding call's, else the app's). Answers the resource's state and the callback's delivery id. " +
      "409 CONFLICT when the resource is not held (never was, or already resolved: of several resolves at once exactly one wins); " +
      "400 VALIDATION_ERROR for a scenario that sends no callback or is not of its operation; 404 for an id that is not the app's.",
    tool: "sandbox_dev_resolve",
    params: resourceIdParams,
    body: resolveBodySchema,
    response: resolveAnswerSchema,
    example: {
      input: { scenario: "cancelled" },
      response: {
        resourceId: EXAMPLE_ID, operationId: "collect.push", scenarioKey: "cancelled", state: "PENDING",
        live: { checkoutId: EXAMPLE_ID, status: "PENDING", amount: 100 },
        settlesAt: "2026-11-21T09:30:02.623Z", resolvedAt: "2026-11-21T09:30:00.123Z", resolvedVia: "http", requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd",
        deliveryId: EXAMPLE_DELIVERY, callback: { url: "https://example.com/callbacks", dueAt: "2026-11-21T09:30:02.623Z", state: "SCHEDULED", lastError: null },
      },
    },
  },
  {
    id: "dev.resources.timeline",
    errors: {
      NOT_FOUND: "No resource of this app with that id.",
    },
    method: "GET",
    path: "/dev/v1/resources/{id}/timeline",
    summary: "Read a resource's timeline",
    description:
      "Everything that happened to one resource, oldest first: the call that created it (a payout's with the float it met), its changes of state (held, resolved, settled), " +
      "its callback scheduled and each attempt (address, status or error, fault notes), its arrival at the app's inspector, what a listener " +
      "relayed and the local answer, and every GET of it. A call with a fault (X-Svc-Fault) says what its client saw (`note`); after an answer lost on purpose, " +
      "the calls with its reference answered 409 DUPLICATE_REFERENCE are its retries that found it (`retryOf`). The console's resource, request and callback pages show the same timeline. 404 for an id that is not the app's.",
    tool: "sandbox_dev_timeline",
    params: resourceIdParams,
    response: timelineSchema,
    example: {
      response: {
        resourceId: EXAMPLE_ID, operationId: "collect.push", scenarioKey: "cancelled", state: "FAILED", held: false,
        createdAt: "2026-11-21T09:30:00.123Z", settlesAt: "2026-11-21T09:30:41.000Z", resolvedVia: "console",
        events: [
          { at: "2026-11-21T09:30:00.123Z", type: "request", requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd", via: "http", method: "POST", path: "/collect/v1/push", operationId: "collect.push", status: 202, scenarioKey: "held" },
          { at: "2026-11-21T09:30:00.123Z", type: "state", change: "held", state: "PENDING", scenarioKey: "held" },
          { at: "2026-11-21T09:30:12.480Z", type: "status_read", requestId: "req_2bVn8QpXw5Rt1YcZm7LkHs", via: "http", method: "GET", path: `/collect/v1/push/${EXAMPLE_ID}`, operationId: "collect.status", status: 200, scenarioKey: "tracked", state: "PENDING" },
          { at: "2026-11-21T09:30:38.500Z", type: "request", requestId: "req_9dWk3NsYq6Pz2XbTm4JhRf", via: "console", method: "POST", path: `/dev/v1/resources/${EXAMPLE_ID}/resolve`, operationId: "dev.resources.resolve", status: 200, scenarioKey: null },
          { at: "2026-11-21T09:30:38.500Z", type: "state", change: "resolved", state: "PENDING", scenarioKey: "cancelled", via: "console", requestId: "req_9dWk3NsYq6Pz2XbTm4JhRf" },
          { at: "2026-11-21T09:30:38.500Z", type: "callback_scheduled", deliveryId: EXAMPLE_DELIVERY, url: "https://example.com/callbacks", dueAt: "2026-11-21T09:30:41.000Z", scenarioKey: "cancelled", state: "DELIVERED" },
          { at: "2026-11-21T09:30:41.000Z", type: "state", change: "settled", state: "FAILED", resultCode: 1032 },
          { at: "2026-11-21T09:30:41.004Z", type: "callback_attempt", deliveryId: EXAMPLE_DELIVERY, attempt: 1, url: "https://example.com/callbacks", status: 200, error: null, durationMs: 38, note: null },
        ],
        truncated: false,
      },
    },
  },
];
