// Callbacks in tests: wait for one, send one again, replay the failed ones.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";

const id = (name: string) => z.string({ error: `${name} must be a string` }).trim().min(1, { error: `${name} must not be empty` }).max(128, { error: `${name} must be at most 128 characters` });

export const waitQuerySchema = z.object({
  resourceId: id("resourceId").optional().meta({ description: "The resource whose callback to wait for (e.g. a checkoutRequestId or payoutId)." }),
  reference: id("reference").optional().meta({ description: "Or: the app's latest resource with this reference." }),
  deliveryId: id("deliveryId").optional().meta({ description: "Or: the delivery id itself (x-svc-delivery)." }),
  timeout: z.coerce.number({ error: "timeout must be a number of seconds from 0 to 60" })
    .min(0, { error: "timeout must be at least 0" }).max(60, { error: "timeout must be at most 60" }).default(30)
    .meta({ description: "Seconds to wait, 0–60 (default 30); 0 looks once without waiting." }),
  expect: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["attempt", "none"], { error: "expect must be attempt or none" }).default("attempt"))
    .meta({ description: "`attempt` (default): answer as soon as the callback has had its first attempt. `none`: assert that nothing arrives — wait the whole `timeout` and answer NONE when no attempt was made in that window, or ATTEMPTED with the first attempt made in it." }),
});

const headersSchema = z.record(z.string(), z.string());

export const attemptSchema = z.object({
  at: z.string().meta({ description: "When the attempt started (ISO 8601)." }),
  url: z.string().nullable().meta({ description: "Where it was posted (a replay may post elsewhere)." }),
  headers: headersSchema.nullable().meta({ description: "The headers sent, signatures included." }),
  status: z.number().int().nullable().meta({ description: "The receiving server's HTTP status; null when it did not answer." }),
  responseBody: z.string().nullable().meta({ description: "The receiving server's answer (first 4 KiB)." }),
  error: z.string().nullable().meta({ description: "Why the attempt failed (`HTTP 500`, `connection refused`, `timeout after 10 s`, ...); null on a 2xx." }),
  durationMs: z.number().int(),
  note: z.string().nullable().meta({ description: "What was done on purpose (callback faults, replay); null when nothing." }),
});

export const waitAnswerSchema = z.object({
  status: z.enum(["ATTEMPTED", "NOT_SENT", "TIMEOUT", "NONE"]).meta({
    description: "ATTEMPTED: `attempt` is the callback's first attempt (with expect=none: the first made during the wait). NOT_SENT: the callback has no http(s) address and will never be posted. TIMEOUT: not attempted within `timeout` (the delivery is still scheduled, or the resource is still held). NONE (expect=none): no attempt was made during the whole `timeout`.",
  }),
  waitedMs: z.number().int(),
  delivery: z.object({
    id: z.string(), resourceId: z.string().nullable(), operationId: z.string(), scenarioKey: z.string(), url: z.string().nullable(),
    state: z.string().meta({ description: "SCHEDULED, SENDING, DELIVERED, FAILED or NOT_SENT." }),
    attempts: z.number().int(), dueAt: z.string(), body: z.unknown().meta({ description: "The callback body sent (JSON)." }),
    faults: z.object({ duplicate: z.boolean().optional(), badSignature: z.boolean().optional(), extraDelayMs: z.number().optional() }).nullable()
      .meta({ description: "The callback faults applied on purpose; null when none." }),
    lastError: z.string().nullable(),
    delayReason: z.string().nullable().meta({
      description: "Why the delivery is scheduled later than it was due: its destination host had its callbacks for the minute over the " +
        "whole portal (CALLBACKS_PER_HOST_PER_MINUTE), so it waits for the next one (`dueAt`); cleared by its next attempt, whose `note` says it was delayed. Null otherwise.",
    }),
  }).nullable().meta({ description: "The callback's delivery; null while the resource is held (no callback yet) or its scenario sends none." }),
  attempt: attemptSchema.nullable(),
});

export const replayBodySchema = z.strictObject({
  since: z.iso.datetime({ offset: true, error: "since must be a date and time in ISO 8601, e.g. 2026-11-21T09:30:00Z" })
    .refine((v) => Date.parse(v) >= 0, { error: "since must be in 1970 or later" })
    .meta({ description: "Replay the failed deliveries created at or after this time." }),
  url: z.url({ protocol: /^https?$/, error: "url must be an http or https URL" }).max(2048, { error: "url must be at most 2048 characters" }).optional()
    .meta({ description: "Post them to this address instead of their own (once); the callback network policy applies." }),
});

export const replayAnswerSchema = z.object({
  since: z.string(),
  url: z.string().nullable(),
  replayed: z.array(z.string()).meta({ description: "The deliveries scheduled again, due now (oldest first, at most 50)." }),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })).meta({ description: "Failed deliveries not replayed, with why (e.g. at the attempt cap)." }),
  left: z.number().int().meta({
    description: "Failed deliveries since `since` that can still be replayed but were not in this call: past the 50 a call takes, or past the app's " +
      "resends a minute. Call again (after `retry-after`, when a 429 says the budget is spent) to replay them.",
  }),
  more: z.boolean().meta({ description: "`left` is more than 0." }),
});

const count = (what: string) => z.number().int().meta({ description: what });

export const connectionsAnswerSchema = z.object({
  waits: count("This app's waits for a callback held open now, slow_response and early_callback calls included."),
  streams: count("This app's listeners' streams connected now."),
  account: count("Waits and streams held open now over all apps of this app's account."),
  limits: z.object({
    waitsPerApp: count("WAITS_PER_APP."), streamsPerApp: count("LISTEN_STREAMS_PER_APP."), perAccount: count("HELD_CONNECTIONS_PER_ACCOUNT."),
  }).meta({ description: "The caps past which a new wait or stream answers 429 RATE_LIMITED." }),
});

const deliveryIdParams = z.object({ deliveryId: id("deliveryId") });

export const resendAnswerSchema = z.object({
  deliveryId: z.string(),
  delayedUntil: z.string().nullable().meta({
    description: "Set when nothing was posted: the destination host had its callbacks for this minute over the whole portal " +
      "(CALLBACKS_PER_HOST_PER_MINUTE), so the delivery is scheduled again for this time (the next minute) and `delayReason` says why; " +
      "wait for it with GET /dev/v1/callbacks/wait. Null when it was posted.",
  }),
  delayReason: z.string().nullable().meta({ description: "Why the post waits (the host's budget); null when it was posted." }),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().int(),
  headers: headersSchema,
});

export const callbackEndpoints: DevEndpoint[] = [
  {
    id: "dev.callbacks.wait",
    errors: {
      VALIDATION_ERROR: "Not exactly one of resourceId, reference, deliveryId.",
      NOT_FOUND: "No resource, reference or delivery of this app by that name, or the resource's scenario sends no callback (wait with expect=none to assert that).",
      RATE_LIMITED: "Too many waits and streams held open at once (per app, per account or on this instance); retry-after says when to try again.",
    },
    method: "GET",
    path: "/dev/v1/callbacks/wait",
    summary: "Wait for a callback",
    description:
      "Blocks until the callback of a resource (`resourceId`), of the app's latest resource with a `reference`, or of a delivery (`deliveryId`) " +
      "has had its first attempt, up to `timeout` seconds (at most 60), and answers the delivery: the body sent, the headers sent, the receiving " +
      "server's status and answer. Always 200 once the target is known: `status` says ATTEMPTED, NOT_SENT or TIMEOUT. A held resource is waited " +
      "for until it is resolved and its callback attempted. With `expect=none` it asserts that nothing arrives: it waits the whole `timeout` and " +
      "answers NONE when no attempt was made meanwhile (a held resource, a scenario without callback, a callback already received once), or " +
      "ATTEMPTED with the attempt it saw. 404 when the resource or delivery is unknown, or (without expect=none) its scenario sends no callback; " +
      "429 past 20 waits at once per app (on one instance). Works with several instances.",
    tool: "sandbox_dev_wait_callback",
    query: waitQuerySchema,
    response: waitAnswerSchema,
  },
  {
    id: "dev.connections.get",
    errors: {},
    method: "GET",
    path: "/dev/v1/connections",
    summary: "What this app holds open",
    description:
      "How many waits for a callback (slow_response and early_callback calls included) and listeners' streams the app holds open now, how many its account " +
      "holds over all its apps, and the caps on them. A wait counts from when it is accepted until it answers or its client leaves. " +
      "Counted on the instance that answers, like the caps: with several instances, each counts its own.",
    tool: "sandbox_dev_get_connections",
    response: connectionsAnswerSchema,
    example: { response: { waits: 2, streams: 1, account: 3, limits: { waitsPerApp: 20, streamsPerApp: 10, perAccount: 50 } } },
  },
  {
    id: "dev.deliveries.resend",
    errors: {
      NOT_FOUND: "No delivery of this app with that id.",
      CONFLICT: "The callback cannot go again now: it has no http(s) address, is not sent yet, has had the most attempts a delivery can have, or is being sent again right now.",
      RATE_LIMITED: "The app's resends this minute are spent (RESENDS_PER_MINUTE); retry-after says when to try again.",
    },
    method: "POST",
    path: "/dev/v1/deliveries/{deliveryId}/resend",
    summary: "Send a callback again",
    description:
      "Posts the same body to the same address under the same delivery id now, adds an attempt and answers its outcome. " +
      "409 while it is still scheduled or at the attempt cap; counts toward the app's resends per minute (RESENDS_PER_MINUTE, 60). " +
      "When the destination host has had its callbacks for this minute over the whole portal (CALLBACKS_PER_HOST_PER_MINUTE), nothing is posted: " +
      "the delivery is scheduled for the next minute and `delayedUntil` and `delayReason` say so.",
    tool: "sandbox_dev_resend_delivery",
    params: deliveryIdParams,
    response: resendAnswerSchema,
    example: {
      response: {
        deliveryId: "dlv_4Yh2kQ9sLmXc", delayedUntil: null, delayReason: null, status: 200, error: null, responseBody: "ok", durationMs: 38,
        headers: { "content-type": "application/json", "user-agent": "Svc-Sandbox/1.0", "x-svc-delivery": "dlv_4Yh2kQ9sLmXc" },
      },
    },
  },
  {
    id: "dev.deliveries.replay",
    errors: {
      VALIDATION_ERROR: "since is not a date and time, or url is not an http or https URL.",
      RATE_LIMITED: "The app's resends this minute are spent (RESENDS_PER_MINUTE, replays included); retry-after says when to try again.",
    },
    method: "POST",
    path: "/dev/v1/deliveries/replay",
    summary: "Replay the failed callbacks since a time",
    description:
      "Schedules again, due now, the FAILED deliveries created at or after `since` (oldest first, at most 50 per call), to their own address " +
      "or once to `url`. The dispatcher posts them like any callback (same delivery id, one more attempt noted `replay`). Deliveries at the " +
      "attempt cap are skipped and listed with the reason. Each delivery replayed counts as one resend toward the app's resends per minute " +
      "(RESENDS_PER_MINUTE, 60, shared with resend): a call replays what the budget has room for and answers how many it `left`; " +
      "with no room at all it answers 429 RATE_LIMITED with retry-after.",
    tool: "sandbox_dev_replay_failed",
    body: replayBodySchema,
    response: replayAnswerSchema,
    example: {
      input: { since: "2026-11-21T09:00:00Z" },
      response: { since: "2026-11-21T09:00:00.000Z", url: null, replayed: ["dlv_4Yh2kQ9sLmXc", "dlv_9QaT3mVw1Zr"], skipped: [], left: 0, more: false },
    },
  },
];
