// `sandbox.mjs listen --forward-to <url>` (docs: /docs/listen): the stream of
// callbacks a listener relays to the developer's own server, and where it
// reports what that server answered. Handlers: lib/devapi/listen.ts.
import { z } from "zod";
import type { DevEndpoint } from "./endpoint";

/** `<inbox seq>.<attempt id>`: everything up to both has been streamed. */
export const cursorSchema = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,15})?$/, { error: "after must be a cursor from an earlier event's id, e.g. 120.3456" });

const flag = (name: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.enum(["true", "false"], { error: `${name} must be true or false` }).optional(),
  );

export const listenEvent = z.object({
  cursor: z.string().meta({ description: "The event's id: pass it as `after` (or Last-Event-ID) to resume after it." }),
  source: z.enum(["inbox", "delivery"]).meta({ description: "`inbox`: a request to the app's inspector address (a callback of the app, or with `foreign=true` any request); `delivery`: a copy of a callback posted elsewhere (`all=true`), signed when streamed." }),
  inboxEntryId: z.string().nullable(),
  deliveryId: z.string().nullable().meta({ description: "The callback's delivery id (x-svc-delivery), when it is a delivery of this app with the body it carried." }),
  receivedAt: z.string().meta({ description: "When the inspector received it, or when the callback was attempted." }),
  method: z.string(),
  headers: z.record(z.string(), z.string()).meta({
    description: "The headers to relay: a callback's (content-type, user-agent, x-svc-delivery, x-svc-signature, webhook-id, webhook-timestamp, webhook-signature) as the request carried them; no others.",
  }),
  body: z.string(),
  operation: z.string().nullable().meta({ description: "The operation whose call scheduled the callback (or whose callbacks a receiver check posts), when known." }),
  scenario: z.string().nullable(),
  checkCase: z.string().nullable().meta({ description: "A case of the app's receiver check (`valid`, `tampered_body`, `duplicate`…), when it is one." }),
  target: z.string().nullable().meta({ description: "Where the callback was addressed (`delivery` events)." }),
});

export const relayReportSchema = z.strictObject({
  listener: z.string().trim().min(1, { error: "listener must not be empty" }).max(120, { error: "listener must be at most 120 characters" })
    .meta({ description: "Who relayed it, e.g. host name and process id." }),
  target: z.string().trim().min(1, { error: "target must not be empty" }).max(2048, { error: "target must be at most 2048 characters" })
    .meta({ description: "The local address it was relayed to." }),
  inboxEntryId: z.string().max(64, { error: "inboxEntryId must be at most 64 characters" }).nullish(),
  deliveryId: z.string().max(64, { error: "deliveryId must be at most 64 characters" }).nullish(),
  status: z.number({ error: "status must be a number" }).int({ error: "status must be a whole number" })
    .min(100, { error: "status must be from 100 to 599" }).max(599, { error: "status must be from 100 to 599" }).nullish()
    .meta({ description: "The local server's HTTP status; absent when it could not be reached." }),
  error: z.string().max(500, { error: "error must be at most 500 characters" }).nullish()
    .meta({ description: "Why there is no status (connection refused, timeout…), or `HTTP <status>` for a non-2xx answer." }),
  responseBody: z.string().max(4096, { error: "responseBody must be at most 4096 characters" }).nullish()
    .meta({ description: "The first bytes of the local answer." }),
  durationMs: z.number({ error: "durationMs must be a number" }).int({ error: "durationMs must be a whole number" })
    .min(0, { error: "durationMs must be at least 0" }).max(3_600_000, { error: "durationMs must be at most 3600000" }),
});
export type RelayReport = z.output<typeof relayReportSchema>;

export const relaySchema = z.object({
  id: z.number(),
  inboxEntryId: z.string().nullable(),
  deliveryId: z.string().nullable(),
  listener: z.string(),
  target: z.string(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  at: z.string(),
});

export const listenEndpoints: DevEndpoint[] = [
  {
    id: "dev.listen.stream",
    errors: {
      RATE_LIMITED: "Too many waits and streams held open at once (per app, per account or on this instance); retry-after says when to try again.",
    },
    method: "GET",
    path: "/dev/v1/inbox/stream",
    summary: "Stream the app's callbacks (Server-Sent Events)",
    description:
      "What `sandbox.mjs listen` relays. Every callback of the app that reaches its inspector address arrives as an `inbox` event " +
      "(`data`: the entry with its body and a callback's headers). Anyone may post to an inspector address: an entry counts as the app's " +
      "callback when it names a delivery of the app and carries that delivery's body, or when it is signed with the app's signing secret; " +
      "with `foreign=true` the other entries arrive too. With `all=true`, every callback attempt to another address also arrives, as a `delivery` " +
      "event signed with the app's live secrets at the time it is streamed. Each event's `id` is a cursor: reconnect with `after=<id>` or " +
      "`Last-Event-ID` to receive what came since, once. Without either it starts from now. The first event, `ready`, carries the app id and " +
      "the cursor the stream starts from. At most 10 streams per app per server instance (more: 429 RATE_LIMITED).",
    query: z.object({
      after: cursorSchema.optional().meta({ description: "Resume after this cursor (an earlier event's id)." }),
      all: flag("all").meta({ description: "`true`: also every callback the app sent to other addresses." }),
      foreign: flag("foreign").meta({ description: "`true`: also the requests to the inspector address that are not callbacks of the app (anyone may post there)." }),
    }),
    response: listenEvent,
    stream: true,
  },
  {
    id: "dev.listen.relay",
    errors: {
      NOT_FOUND: "No inbox entry or delivery of this app with that id.",
    },
    method: "POST",
    path: "/dev/v1/inbox/relays",
    summary: "Record what the local server answered to a relayed callback",
    description:
      "A listener reports the local answer (status, first bytes of the body, or the connection error, and the duration); the console shows it " +
      "beside the inbox entry and the delivery. The newest 1,000 per app are kept.",
    body: relayReportSchema,
    response: relaySchema,
    status: 201,
    example: {
      input: { listener: "laptop pid 4121", target: "http://localhost:8080/callbacks", deliveryId: "dlv_4Yh2kQ9sLmXc", status: 200, responseBody: "ok", durationMs: 12 },
      response: {
        id: 57, inboxEntryId: null, deliveryId: "dlv_4Yh2kQ9sLmXc", listener: "laptop pid 4121", target: "http://localhost:8080/callbacks",
        status: 200, error: null, responseBody: "ok", durationMs: 12, at: "2026-11-21T09:30:41.020Z",
      },
    },
  },
];
