// The receiver checks' battery: each case is a callback of the operation's
// shape with a fresh delivery id, signed by lib/crypto.ts through
// callbackHeaders (as the dispatcher signs), then altered on purpose, and the
// rule that judges what the integrator's server answered. Docs: README
// "Check your receiver", /docs/callbacks#verify.
import type { CaseAnswer, ReceiverCase } from "@/lib/activity/receiver-check-runs";
import { callbackHeaders, CALLBACK_TIMEOUT_MS } from "@/lib/callbacks/post";
import { config } from "@/lib/runtime";
import { newSigningSecret, SIGNATURE_TOLERANCE_S } from "@/lib/crypto";
import { newId } from "@/lib/ids";

/** How far the stale and future cases move the timestamp: twice the tolerance. */
export const SKEW_S = 2 * SIGNATURE_TOLERANCE_S;

type Link = { label: string; url: string };
const docs = (anchor: string, label: string): Link => ({ label, url: `${config.publicUrl}/docs/callbacks#${anchor}` });
/** Read when a check runs: PUBLIC_URL's default is on the port bound after this module loads (server/portal.ts). */
const verifyLinks = (): Link[] => [docs("verify", "Verify the signature"), docs("client-helpers", "The client helper of each language"), docs("raw-body", "Frameworks that change the raw body"), docs("test-vectors", "Test vectors")];

const SIGNATURE_HINT =
  "Verify webhook-signature over the raw body with the app's signing secret (a Standard Webhooks library, or the generated client's verifyCallback in TypeScript and Java, verify_callback in Python and PHP) and answer 401 when it does not match.";
const TIMESTAMP_HINT =
  `Refuse a callback whose webhook-timestamp is more than ${SIGNATURE_TOLERANCE_S} s from your clock, either way; Standard Webhooks libraries and the generated clients' verifiers do this for you.`;

export type CaseSpec = {
  name: string;
  expected: string;
  /** true: a correct receiver answers 2xx; false: it refuses (any non-2xx status). */
  accept: boolean;
  deliveryId: string;
  body: string;
  headers: Record<string, string>;
  /** For a forged case: what was done to it, as the end of "a callback …". */
  forged?: string;
  /** Why a forged case a receiver accepted shows a hole, after "it …". */
  hole?: string;
  hint: string;
  links: Link[];
};

/** The body with one value changed after signing: the amount when there is one, else the result code, else an added field. */
export function tamper(body: string): string {
  const v = JSON.parse(body) as Record<string, unknown>;
  if (typeof v.amount === "number") v.amount = v.amount * 100 + 1;
  else if (typeof v.resultCode === "number") v.resultCode = v.resultCode === 0 ? 1 : 0;
  else v.tampered = true;
  return JSON.stringify(v);
}

const withoutSignatures = ({ "x-svc-signature": _s, "webhook-signature": _w, ...rest }: Record<string, string>) => rest;

/** The cases: `first` run in parallel, `after` (the duplicate, which repeats valid's delivery id) after valid answered. */
export function battery(body: string, secrets: string[], now: Date): { first: CaseSpec[]; after: CaseSpec[] } {
  const ago = new Date(now.getTime() - SKEW_S * 1000);
  const ahead = new Date(now.getTime() + SKEW_S * 1000);
  const signed = (at: Date, key = secrets) => {
    const deliveryId = newId("dlv");
    return { deliveryId, body, headers: callbackHeaders(deliveryId, body, key, at) };
  };
  const valid = signed(now);
  const refuse = "refused: any non-2xx status, e.g. 401";
  const forgery = { accept: false, expected: refuse, hint: SIGNATURE_HINT, links: verifyLinks() };
  const tampered = signed(now);
  const unsigned = signed(now);
  return {
    first: [
      { name: "valid", expected: `accepted: 2xx within ${CALLBACK_TIMEOUT_MS / 1000} s`, accept: true, ...valid, hint: "", links: verifyLinks() },
      { name: "tampered_body", ...forgery, ...tampered, body: tamper(body), forged: "whose body was changed after signing", hole: "does not check the signature against the raw body" },
      { name: "wrong_secret", ...forgery, ...signed(now, [newSigningSecret()]), forged: "signed with another secret", hole: "does not check the signature" },
      {
        name: "stale_timestamp", ...forgery, ...signed(ago), hint: TIMESTAMP_HINT, forged: `correctly signed but with a timestamp ${SKEW_S / 60} minutes old`,
        hole: "does not check the timestamp, so a captured callback can be replayed later",
      },
      {
        name: "future_timestamp", ...forgery, ...signed(ahead), hint: TIMESTAMP_HINT, forged: `correctly signed but with a timestamp ${SKEW_S / 60} minutes ahead`,
        hole: "checks the timestamp one way only (or not at all)",
      },
      {
        name: "unsigned", ...forgery, ...unsigned, headers: withoutSignatures(unsigned.headers), forged: "without signature headers",
        hole: "does not require a signature", hint: "Refuse a callback without webhook-signature (and x-svc-signature) before acting on it: answer 401.",
      },
    ],
    after: [{
      name: "duplicate", expected: "accepted again: 2xx (repeats happen; do the work once)", accept: true,
      deliveryId: valid.deliveryId, body, headers: callbackHeaders(valid.deliveryId, body, secrets, now),
      hint: "Keep the webhook-id (the same as x-svc-delivery) of every callback you processed; when one comes again, answer 2xx without doing the work twice.",
      links: [docs("at-least-once", "At-least-once delivery")],
    }],
  };
}

/**
 * ReceiverCheck.deliveryIds: each case as `<delivery id>=<name>`, in the order
 * they are posted (valid's id comes again as the duplicate), written before the
 * cases are posted, so a listener names what it relays (listen-feed.ts).
 */
export const caseIdsText = (cases: readonly { deliveryId: string; name: string }[]) => cases.map((c) => `${c.deliveryId}=${c.name}`).join(" ");

/** caseIdsText read back: delivery id → its cases' names, in the order they were posted (a row from before names has none). */
export function caseNamesById(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const token of text.split(" ").filter(Boolean)) {
    const [id, name] = token.split("=") as [string, string | undefined];
    out.set(id, [...(out.get(id) ?? []), ...(name ? [name] : [])]);
  }
  return out;
}

const is2xx = (a: CaseAnswer) => "status" in a && a.status >= 200 && a.status < 300;

/** Why a correctly signed callback was not accepted, and what to do. */
function notAccepted(a: CaseAnswer, url: string): { why: string; hint: string } {
  if ("error" in a) {
    if (a.error.startsWith("timeout")) return { why: `your server did not answer within ${CALLBACK_TIMEOUT_MS / 1000} s.`, hint: "Answer 2xx at once and do the work afterwards (a queue or a background job)." };
    const reach = "Check the address, that your server listens on it and that the portal can reach it; a hosted portal posts to public addresses only, so for a server on your machine run `node sandbox.mjs listen --forward-to <local URL>` and check the app's inspector address.";
    return { why: `nothing answered at ${url}: ${a.error}.`, hint: reach };
  }
  const explain = "Paste what your server received into Signature explain (console → Go live, or POST /dev/v1/signatures/explain) to see why its check fails.";
  if (a.status < 300) return { why: `your server answered ${a.status}.`, hint: explain };
  if (a.status < 400) return { why: `your server answered ${a.status}, a redirect: callbacks do not follow redirects.`, hint: "Give the final address, the one that answers 2xx itself." };
  if (a.status === 401 || a.status === 403) return { why: `your server refused a correctly signed callback with ${a.status}: its signature check fails on real callbacks.`, hint: explain };
  if (a.status < 500) return { why: `your server answered ${a.status} to a correctly signed callback.`, hint: explain };
  return { why: `your server failed with ${a.status} on a correctly signed callback.`, hint: `Look in your server's log for this delivery id. ${explain}` };
}

/** Judges one answer: passed, and when it failed, why (one sentence) and what to do. */
export function judge(spec: CaseSpec, answered: CaseAnswer, ctx: { url: string; validPassed: boolean; viaInspector: boolean }): ReceiverCase {
  const base = { name: spec.name, expected: spec.expected, deliveryId: spec.deliveryId, sent: { headers: spec.headers, body: spec.body }, answered };
  const pass = (note: string | null = null): ReceiverCase => ({ ...base, passed: true, why: null, hint: null, links: [], note });
  const fail = (why: string, hint: string, links = spec.links): ReceiverCase => ({ ...base, passed: false, why: `${why.charAt(0).toUpperCase()}${why.slice(1)}`, hint, links, note: null });
  if (ctx.viaInspector && !answered.relayedBy) {
    return fail(
      "no listener relayed this callback from the inspector to your server, so only the inspector answered (it accepts anything).",
      "Run `node sandbox.mjs listen --forward-to <your local URL>` with this app's keys, then run the checks again on the app's inspector address.",
      [{ label: "Relay callbacks to your machine", url: `${config.publicUrl}/docs/listen` }],
    );
  }
  if (spec.accept) {
    if (is2xx(answered)) return pass();
    const r = notAccepted(answered, ctx.url);
    if (spec.name === "duplicate" && "status" in answered && ctx.validPassed) {
      return fail(`your server answered ${answered.status} to a repeat of delivery ${spec.deliveryId}, which it had accepted a moment before: callbacks are delivered at least once, so repeats happen.`, spec.hint);
    }
    const first = spec.name === "duplicate" && !ctx.validPassed ? " It refused the first delivery too: fix the valid case first." : "";
    return fail(`${r.why}${first}`, r.hint, spec.links);
  }
  if ("error" in answered) return fail(`no answer (${answered.error}), so it cannot be told whether your server refuses a callback ${spec.forged}.`, spec.hint);
  if (is2xx(answered)) return fail(`your server answered ${answered.status} to a callback ${spec.forged}: it ${spec.hole}.`, spec.hint);
  return pass(answered.status >= 500 ? `Refused with ${answered.status}: prefer 400 or 401, as a 5xx asks the sender to try again later.` : null);
}
