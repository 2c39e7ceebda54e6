// Going live: check the integrator's own callback receiver, explain a failed
// signature check, and what the app's calls have covered. Handlers:
// lib/devapi (receiver checks), lib/activity (explain, readiness).
import { z } from "zod";
import { operationByName, operations } from "../index";
import type { DevEndpoint } from "./endpoint";
import { clientCheckSchema } from "./client-check-endpoints";

const CALLING_BACK = operations.filter((o) => o.callback).map((o) => o.id);
const headersSchema = z.record(z.string(), z.string());

export const receiverCheckBodySchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "url must be an http or https URL" }).max(2048, { error: "url must be at most 2048 characters" })
    .meta({ description: "Your callback receiver. The callback network policy applies (hosted: public addresses only); your app's inspector address checks the server a listener relays to." }),
  operation: z.string().trim()
    .refine((v) => Boolean(operationByName(v)?.callback), { error: `operation must be an operation that sends callbacks: ${CALLING_BACK.join(", ")}` })
    .optional()
    .meta({ description: "Whose callback body to send (catalog id or OpenAPI operationId, e.g. collect.push or collectPush). Default: the first of your subscribed operations that calls back." }),
});

const answeredSchema = z.union([
  z.object({ status: z.number().int(), ms: z.number().int(), body: z.string().nullable().meta({ description: "Your server's answer (first 1 KiB)." }) }),
  z.object({ error: z.string().meta({ description: "Why there is no answer: connection refused, timeout after 10 s, ..." }), ms: z.number().int() }),
]).and(z.object({ relayedBy: z.object({ listener: z.string(), target: z.string() }).optional().meta({ description: "The listener that relayed it to your local server (inspector address only)." }) }));

export const receiverCaseSchema = z.object({
  name: z.string().meta({ description: "valid, duplicate, tampered_body, wrong_secret, stale_timestamp, future_timestamp, unsigned." }),
  expected: z.string().meta({ description: "What a correct receiver does." }),
  passed: z.boolean(),
  why: z.string().nullable().meta({ description: "Why it failed, in one sentence; null when it passed." }),
  hint: z.string().nullable().meta({ description: "What to do about it; null when it passed." }),
  links: z.array(z.object({ label: z.string(), url: z.string() })).meta({ description: "The docs' verification page, recipes and client helpers (failed cases)." }),
  note: z.string().nullable().meta({ description: "A remark on a pass, e.g. a refusal with 500 instead of 4xx." }),
  deliveryId: z.string().meta({ description: "The fresh delivery id it carried (x-svc-delivery, webhook-id); duplicate repeats valid's." }),
  sent: z.object({ headers: headersSchema, body: z.string() }).meta({ description: "Exactly what was posted." }),
  answered: answeredSchema,
});

const checkFields = {
  id: z.string().meta({ description: "rck_…" }),
  url: z.string(),
  operation: z.string().meta({ description: "The operation whose callback body was sent." }),
  status: z.enum(["RUNNING", "PASSED", "FAILED"]).meta({ description: "PASSED when every case passed." }),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
};
export const receiverCheckSchema = z.object({ ...checkFields, cases: z.array(receiverCaseSchema) });
export const receiverCheckSummarySchema = z.object({ ...checkFields, failedCases: z.array(z.string()) });

/** Bodies explained: up to 256 KiB; the request around it may be larger (escaping). */
export const EXPLAIN_MAX_BODY = 256 * 1024;

export const explainBodySchema = z.strictObject({
  headers: headersSchema.refine((h) => Object.keys(h).length <= 200, { error: "headers must have at most 200 entries" })
    .meta({ description: "The request's headers as your server received them (names in any case)." }),
  body: z.string({ error: "body must be a string: the raw body as received" })
    .refine((b) => Buffer.byteLength(b) <= EXPLAIN_MAX_BODY, { error: `body must be at most ${EXPLAIN_MAX_BODY} bytes` })
    .meta({ description: "The raw body exactly as your server received it (before parsing)." }),
  signature: z.string().max(1024, { error: "signature must be at most 1024 characters" }).optional()
    .meta({ description: "The signature your code computed (hex or Base64, with or without v1,)." }),
  secret: z.string().max(1024, { error: "secret must be at most 1024 characters" }).optional()
    .meta({ description: "The secret string your code signs with (not kept: redacted in the request log)." }),
});

/**
 * The console's explain form: the endpoint's body, with something to explain. The endpoint
 * analyses whatever it is given (an empty body is a finding there); a person who pressed
 * Explain on an empty form is told what to paste instead.
 */
export const explainFormSchema = explainBodySchema.superRefine((v, ctx) => {
  const noHeaders = Object.keys(v.headers).length === 0;
  const noBody = v.body.trim() === "";
  if (noHeaders && noBody) {
    ctx.addIssue({ code: "custom", path: ["headers"], message: "Paste the headers and the raw body your server received: there is nothing to explain yet." });
  } else if (noHeaders) {
    ctx.addIssue({ code: "custom", path: ["headers"], message: "Paste the headers your server received: the signature headers are what is checked." });
  } else if (noBody) {
    ctx.addIssue({ code: "custom", path: ["body"], message: "Paste the raw body your server received, exactly as it arrived." });
  }
});

const findingSchema = z.object({
  code: z.string().meta({
    description: "BODY_CHANGED, HEADER_MISSING, HEADER_CHANGED, TIMESTAMP_OUT_OF_TOLERANCE, SECRET_FORM, WRONG_SECRET, WRONG_CONTENT, SIGNATURE_ENCODING, " +
      "SIGNATURE_COMPARISON, UNKNOWN_DELIVERY, RECEIVER_CHECK, SIGNATURE_VALID.",
  }),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
});

export const explainAnswerSchema = z.object({
  valid: z.boolean().meta({ description: "The headers sign this body with the app's signing secret (current or previous) and the timestamp is within 300 s." }),
  scheme: z.enum(["both", "standard-webhooks", "x-svc-signature", "none"]).meta({ description: "The signature headers present." }),
  delivery: z.object({
    id: z.string(), operationId: z.string(), scenarioKey: z.string(), createdAt: z.string(),
    body: z.string().meta({ description: "The body the sandbox sent." }),
    attempts: z.array(z.object({ at: z.string(), status: z.number().nullable(), headers: headersSchema.nullable() })).meta({ description: "The newest attempts, with the headers sent." }),
  }).optional().meta({ description: "The app's delivery named by webhook-id / x-svc-delivery: what was really sent." }),
  findings: z.array(findingSchema),
});

const scenarioReadiness = z.object({
  key: z.string(), summary: z.string(),
  exercised: z.boolean().meta({ description: "The app's request log has a call that ran this scenario." }),
  lastAt: z.string().nullable(), calls: z.number().int(),
  callbackAnswered: z.boolean().optional().meta({
    description: "Scenarios that call back, once one was posted: your own receiver (not the inspector, unless a listener relayed it) answered one 2xx.",
  }),
});

export const readinessSchema = z.object({
  operations: z.array(z.object({ operationId: z.string(), method: z.string(), path: z.string(), scenarios: z.array(scenarioReadiness) }))
    .meta({ description: "Every operation of the app's ACTIVE groups, each scenario of the catalog." }),
  progress: z.object({ exercised: z.number().int(), total: z.number().int(), callbacksAnswered: z.number().int(), callbacksTotal: z.number().int() }),
  receiverCheck: receiverCheckSummarySchema.optional().meta({ description: "The newest finished receiver check." }),
  clientChecks: z.array(clientCheckSchema).meta({ description: "The client checks (GET /dev/v1/client-checks)." }),
});

const EXAMPLE_HEADERS = {
  "content-type": "application/json", "x-svc-delivery": "dlv_4nQ8sZk2VbT7cXw1LpR9dF", "webhook-id": "dlv_4nQ8sZk2VbT7cXw1LpR9dF",
  "webhook-timestamp": "1795253404", "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  "x-svc-signature": "t=1795253404,v1=6ffbb59b2300aad35f8826e8e4f2b2a9c6d0b0c6a4ae1a3f8b4c8e3b2b9a1f5d",
};
const EXAMPLE_BODY = '{"checkoutId":"chk_3kTMd9qLw0vYx2pZbR7cNe","reference":"INV-2026-0042","resultCode":0,"resultDescription":"The payment was completed.","amount":100}';

export const goLiveEndpoints: DevEndpoint[] = [
  {
    id: "dev.receiver_checks.run",
    errors: {
      VALIDATION_ERROR: "url is not an address the sandbox may post to (scheme, port, host), or operation is not one that calls back.",
      RATE_LIMITED: "5 receiver checks of this app are running already, or it started RECEIVER_CHECKS_PER_MINUTE this minute; retry-after says when to try again.",
    },
    method: "POST",
    path: "/dev/v1/receiver-checks",
    summary: "Check your callback receiver",
    description:
      "Posts a battery of callbacks of the operation's shape to `url` and judges the answers: `valid` (correctly signed: 2xx within 10 s), " +
      "`duplicate` (valid's delivery id again: 2xx), and refused with any non-2xx status: `tampered_body`, `wrong_secret`, `stale_timestamp` and " +
      "`future_timestamp` (10 minutes off), `unsigned`. Each failed case says why and what to do. Runs in about the time your server takes (at most ~30 s; " +
      "cases in parallel, the duplicate after valid). The callback network policy applies (a refused url answers 400); your app's inspector address " +
      "checks the server a running `sandbox.mjs listen --forward-to` relays to. An app and its throwaway sandboxes share one budget: at most 5 run at once and 30 start per minute (429); " +
      "one destination host also has a budget over the whole portal (429 naming it). The newest 100 are kept per app.",
    tool: "sandbox_dev_check_receiver",
    body: receiverCheckBodySchema,
    response: receiverCheckSchema,
    status: 201,
    example: {
      input: { url: "https://shop.example.com/callbacks/collect", operation: "collect.push" },
      response: {
        id: "rck_8fK2mXc9LpR4tV8wZk1sHd", url: "https://shop.example.com/callbacks/collect", operation: "collect.push", status: "FAILED", error: null,
        startedAt: "2026-11-21T09:30:00.123Z", finishedAt: "2026-11-21T09:30:00.412Z", passed: 6, failed: 1,
        cases: [{
          name: "tampered_body", expected: "refused: any non-2xx status, e.g. 401", passed: false,
          why: "Your server answered 200 to a callback whose body was changed after signing: it does not check the signature against the raw body.",
          hint: "Verify webhook-signature over the raw body with the app's signing secret and answer 401 when it does not match.",
          links: [{ label: "Verify the signature", url: "https://portal.example.com/docs/callbacks#verify" }], note: null,
          deliveryId: "dlv_4nQ8sZk2VbT7cXw1LpR9dF", sent: { headers: EXAMPLE_HEADERS, body: EXAMPLE_BODY.replace('"amount":100', '"amount":10001') },
          answered: { status: 200, ms: 12, body: "ok" },
        }],
      },
    },
  },
  {
    id: "dev.receiver_checks.list",
    errors: {},
    method: "GET",
    path: "/dev/v1/receiver-checks",
    summary: "List the receiver checks",
    description: "The app's receiver checks, newest first (the newest 100 are kept), without their cases: `GET /dev/v1/receiver-checks/{id}` has them.",
    tool: "sandbox_dev_list_receiver_checks",
    query: z.object({}),
    response: z.object({ checks: z.array(receiverCheckSummarySchema) }),
  },
  {
    id: "dev.receiver_checks.get",
    errors: {
      NOT_FOUND: "No receiver check of this app with that id.",
    },
    method: "GET",
    path: "/dev/v1/receiver-checks/{checkId}",
    summary: "One receiver check with its cases",
    description: "A receiver check of this app with every case: what was sent, what came back, and for a failed case why and what to do. 404 for an unknown id or another app's.",
    tool: "sandbox_dev_get_receiver_check",
    params: z.object({ checkId: z.string().trim().min(1, { error: "checkId must not be empty" }).max(64, { error: "checkId must be at most 64 characters" }) }),
    response: receiverCheckSchema,
  },
  {
    id: "dev.signatures.explain",
    errors: {},
    method: "POST",
    path: "/dev/v1/signatures/explain",
    summary: "Explain a signature check",
    description:
      "Give the headers and raw body as your server received them, and optionally the signature your code computed and the secret string it used. " +
      "The answer says whether the signatures are valid, compares with what the sandbox really sent (the delivery found by `webhook-id` / `x-svc-delivery` " +
      "among this app's), and names each mistake: `BODY_CHANGED` (first differing byte; re-serialised, re-encoded or trimmed), `HEADER_MISSING`, " +
      "`TIMESTAMP_OUT_OF_TOLERANCE` (300 s), `SECRET_FORM` (the whsec_ string as the key, or not Base64-decoded), `WRONG_SECRET`, `WRONG_CONTENT` (the body " +
      "alone, a wrong separator), `UNKNOWN_DELIVERY`. Bodies up to 256 KiB. The secret is not kept.",
    tool: "sandbox_dev_explain_signature",
    body: explainBodySchema,
    maxBodyBytes: 4 * EXPLAIN_MAX_BODY,
    redact: ["secret"],
    response: explainAnswerSchema,
    example: {
      input: { headers: EXAMPLE_HEADERS, body: JSON.stringify(JSON.parse(EXAMPLE_BODY), null, 2) },
      response: {
        valid: false, scheme: "both",
        findings: [{
          code: "BODY_CHANGED",
          message: "The body differs from what delivery dlv_4nQ8sZk2VbT7cXw1LpR9dF carried from byte 1 on: it looks re-serialised (pretty-printed or spaced differently: JSON.stringify of the parsed body gives back what was sent). Sign the raw bytes as received, before any parsing.",
          detail: { offset: 1, looks: "re-serialised", sentAround: '{"checkoutId":"chk_3kTM', receivedAround: '{\n  "checkoutId": "chk_' },
        }],
      },
    },
  },
  {
    id: "dev.readiness",
    errors: {},
    method: "GET",
    path: "/dev/v1/readiness",
    summary: "Go-live readiness",
    description:
      "A go-live checklist: for every operation of the app's ACTIVE groups, each scenario with whether the app's calls ran it (`exercised`, from the request " +
      "log), when last, and for scenarios that call back whether your own receiver answered one 2xx (`callbackAnswered`); plus the newest receiver check " +
      "and the client checks (`clientChecks`). " +
      "Reads what the app still keeps (a reset starts it over).",
    tool: "sandbox_dev_readiness",
    query: z.object({}),
    response: readinessSchema,
  },
];
