// Signature explain: why a received callback's signature check fails, from the
// headers and raw body as the integrator's code got them, optionally the
// signature it computed and the secret string it used, compared with what the
// portal really sent (the delivery, found by its id header). Pure: the caller
// (lib/activity/signatures.ts) loads the app's secrets and the delivery.
// Finding codes: README "Why does my signature check fail?".
import { checkSignatures, parseSvcSignature, SIGNATURE_TOLERANCE_S } from "@/lib/crypto";
import { compareBodies } from "./body-diff";
import { expectedEncoding, expectedKeyForm, KEY_FORM_WORDS, matchSignature, type Candidate } from "./signature-variants";

export type FindingCode =
  | "HEADER_MISSING" | "UNKNOWN_DELIVERY" | "RECEIVER_CHECK" | "BODY_CHANGED" | "HEADER_CHANGED" | "TIMESTAMP_OUT_OF_TOLERANCE"
  | "SECRET_FORM" | "WRONG_SECRET" | "WRONG_CONTENT" | "SIGNATURE_ENCODING" | "SIGNATURE_COMPARISON" | "SIGNATURE_VALID";
export type Finding = { code: FindingCode; message: string; detail?: Record<string, unknown> };
export type Scheme = "both" | "standard-webhooks" | "x-svc-signature" | "none";
export type Explanation = { valid: boolean; scheme: Scheme; findings: Finding[] };

export type ExplainInput = { headers: Record<string, string>; body: string; signature?: string; secret?: string };
/** What the portal sent under the delivery id: the body, and each attempt's time and headers. */
export type SentDelivery = { id: string; body: string; badSignature: boolean; attempts: { at: Date; headers: Record<string, string> | null }[] };
export type ExplainFacts = {
  secrets: { current: string; previous: string | null; previousUntil: Date | null };
  /** The id header's value (webhook-id, else x-svc-delivery), and the app's delivery with it (null: none). */
  deliveryId: string | null;
  delivery: SentDelivery | null;
  /** The id is a case of one of the app's receiver checks (posted with a fault on purpose). */
  checkCase?: { checkId: string; name: string; expected: string } | null;
  /** The time to judge the timestamp against: now, or when the entry was received. */
  now: Date;
};

const SIGNATURE_HEADERS = ["x-svc-delivery", "x-svc-signature", "webhook-id", "webhook-timestamp", "webhook-signature"];
const HEADER_OF = { standard: "webhook-signature", svc: "x-svc-signature" } as const;
const CONTENT_OF = { standard: "<webhook-id>.<webhook-timestamp>.<body>", svc: "<t>.<body>" } as const;

const lowerKeys = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));

function missingHeaders(h: Record<string, string>): Finding | null {
  const missing = SIGNATURE_HEADERS.filter((n) => !h[n]);
  if (!missing.length) return null;
  const message = missing.length === SIGNATURE_HEADERS.length
    ? "No signature header arrived (x-svc-signature, webhook-signature and the ids are all missing): something between the sandbox and your code drops them, or your code reads them under other names."
    : `${missing.join(", ")} did not arrive: every callback carries all of ${SIGNATURE_HEADERS.join(", ")}, so a proxy or your framework drops ${missing.length > 1 ? "them" : "it"}.`;
  return { code: "HEADER_MISSING", message, detail: { missing } };
}

function timestampFinding(t: string | undefined, facts: ExplainFacts): Finding | null {
  if (t === undefined) return null;
  if (!/^\d{1,12}$/.test(t)) {
    const ms = /^\d{13}$/.test(t) ? " (it looks like milliseconds)" : "";
    return { code: "TIMESTAMP_OUT_OF_TOLERANCE", message: `The timestamp ${JSON.stringify(t)} is not unix seconds${ms}, so no verifier accepts it.`, detail: { timestamp: t } };
  }
  const skew = Math.round(facts.now.getTime() / 1000) - Number(t);
  if (Math.abs(skew) <= SIGNATURE_TOLERANCE_S) return null;
  const sent = facts.delivery?.attempts.find((a) => a.headers?.["webhook-timestamp"] === t);
  const words = skew > 0 ? `${skew} s old` : `${-skew} s in the future`;
  return {
    code: "TIMESTAMP_OUT_OF_TOLERANCE",
    message: `The timestamp ${t} was ${words} at ${facts.now.toISOString()}: verifiers refuse more than ${SIGNATURE_TOLERANCE_S} s either way` +
      (skew > 0 ? " (expected when you explain an old callback; on arrival it means a replay or a wrong server clock)." : ": check your server's clock."),
    detail: { timestamp: Number(t), skewSeconds: skew, toleranceSeconds: SIGNATURE_TOLERANCE_S, ...(sent ? { sentAt: sent.at.toISOString() } : {}) },
  };
}

/** Without the delivery: does a usual rewrite of the body make the headers verify? */
function inferredBodyChange(h: Record<string, string>, body: string, secrets: string[]): Finding | null {
  const rewrites: [string, () => string][] = [
    ["re-serialised", () => JSON.stringify(JSON.parse(body))],
    ["trimmed", () => body.trim()],
    ["trimmed", () => `${body}\n`],
    ["re-encoded", () => body.replace(/\r\n/g, "\n")],
  ];
  for (const [looks, rewrite] of rewrites) {
    let candidate: string;
    try {
      candidate = rewrite();
    } catch {
      continue;
    }
    if (candidate !== body && checkSignatures(h, candidate, secrets).result === "valid") {
      return {
        code: "BODY_CHANGED",
        message: `The body was changed before your code saw it: it looks ${looks} (the signatures match the body ${looks === "re-serialised" ? "written compactly, as JSON.stringify does" : "as it was before"}). Sign the raw bytes as received, before any parsing.`,
        detail: { looks, inferred: true },
      };
    }
  }
  return null;
}

function deliveryFindings(h: Record<string, string>, body: string, facts: ExplainFacts): Finding[] {
  const d = facts.delivery;
  if (facts.checkCase) {
    const c = facts.checkCase;
    return [{ code: "RECEIVER_CHECK", message: `This is the ${c.name} case of receiver check ${c.checkId}, made this way on purpose: ${c.expected}.`, detail: { ...c } }];
  }
  if (!facts.deliveryId) return [];
  if (!d) {
    return [{
      code: "UNKNOWN_DELIVERY",
      message: `This app has no delivery ${facts.deliveryId}: it belongs to another app, was deleted by a reset or pruned, or the id header was changed, so it cannot be compared with what was sent.`,
      detail: { deliveryId: facts.deliveryId },
    }];
  }
  const out: Finding[] = [];
  const change = compareBodies(d.body, body);
  if (change) {
    out.push({
      code: "BODY_CHANGED",
      message: change.looks === "different"
        ? `The body differs from what delivery ${d.id} carried from byte ${change.offset} on, and is not a rewrite of it: a value was changed, or it is another callback's body (the detail shows both around that byte).`
        : `The body differs from what delivery ${d.id} carried from byte ${change.offset} on: it looks ${change.looks} (${change.how}). Sign the raw bytes as received, before any parsing.`,
      detail: { ...change },
    });
  }
  if (d.badSignature) {
    out.push({ code: "WRONG_SECRET", message: `Delivery ${d.id} was signed with a wrong secret on purpose (the app's callback fault "bad signature" was on): refusing it was right.`, detail: { fault: "badSignature" } });
  }
  const recorded = d.attempts.filter((a) => a.headers);
  const sig = h["webhook-signature"] ?? h["x-svc-signature"];
  if (sig && recorded.length && !recorded.some((a) => a.headers!["webhook-signature"] === h["webhook-signature"] || a.headers!["x-svc-signature"] === h["x-svc-signature"])) {
    out.push({ code: "HEADER_CHANGED", message: `The signature headers are not the ones any attempt of ${d.id} carried: they were changed, or copied from another request.`, detail: { attempts: recorded.length } });
  }
  return out;
}

function secretFindings(raw: string, facts: ExplainFacts): Finding[] {
  const { current, previous, previousUntil } = facts.secrets;
  const s = raw.trim().replace(/^(["'])(.*)\1$/s, "$2");
  const out: Finding[] = [];
  if (raw !== raw.trim()) out.push({ code: "SECRET_FORM", message: "The secret your code uses has whitespace or a line break around it (often from an environment file): trim it.", detail: { form: "whitespace" } });
  else if (s !== raw) out.push({ code: "SECRET_FORM", message: "The secret your code uses is wrapped in quotes: leave them out.", detail: { form: "quoted" } });
  const bare = (x: string) => x.replace(/^whsec_/, "");
  if (s === current) return out;
  if (s === bare(current)) {
    out.push({
      code: "SECRET_FORM",
      message: "Your code uses the secret without its whsec_ prefix: Standard Webhooks libraries accept that, but x-svc-signature is keyed with the whole string, whsec_ included.",
      detail: { form: "without-prefix" },
    });
    return out;
  }
  if (previous && (s === previous || s === bare(previous))) {
    const until = previousUntil && previousUntil > facts.now ? `still signs beside the new one until ${previousUntil.toISOString()}` : "no longer signs";
    out.push({ code: "WRONG_SECRET", message: `Your code uses the app's previous signing secret, replaced by a rotation (it ${until}): use the current one from the console.`, detail: { whose: "previous" } });
    return out;
  }
  const consumer = /^[A-Za-z0-9_-]{32,}$/.test(s) && !s.startsWith("whsec_");
  out.push({
    code: "WRONG_SECRET",
    message: `The secret your code uses is not this app's signing secret${consumer ? " (it looks like a consumer secret of a key pair)" : ""}: copy the signing secret (whsec_…) from the app's page in the console.`,
    detail: { whose: "unknown" },
  });
  return out;
}

function signatureFindings(given: string, h: Record<string, string>, body: string, t: string | undefined, headerValid: boolean, facts: ExplainFacts, secret?: string): Finding[] {
  const { current, previous } = facts.secrets;
  const yours = secret?.trim().replace(/^(["'])(.*)\1$/s, "$2");
  const candidates: Candidate[] = [{ secret: current, whose: "current" }, ...(previous ? [{ secret: previous, whose: "previous" as const }] : [])];
  if (yours && !candidates.some((c) => c.secret === yours)) candidates.push({ secret: yours, whose: "yours" });
  const m = matchSignature(given, candidates, { id: h["webhook-id"], t }, { received: body, sent: facts.delivery?.body });
  if (!m) {
    const theirsIsOurs = yours !== undefined && candidates.some((c) => c.whose !== "yours" && (c.secret === yours || c.secret.replace(/^whsec_/, "") === yours));
    return theirsIsOurs
      ? [{ code: "WRONG_CONTENT", message: `Your signature matches no usual way of signing with this secret: log the exact string your code signs and compare it with ${CONTENT_OF.standard} (webhook-signature) or ${CONTENT_OF.svc} (x-svc-signature).` }]
      : [{ code: "WRONG_SECRET", message: "Your signature matches no form of this app's signing secret with any usual content: most likely your code signs with another secret (another app's, an old one, or a test value)." }];
  }
  const scheme = m.content.scheme ?? (m.encoding === "hex" ? "svc" : "standard");
  const detail = { scheme: HEADER_OF[scheme], keyForm: m.keyForm, signed: m.content.words, encoding: m.encoding, secret: m.candidate.whose };
  const out: Finding[] = [];
  if (m.keyForm !== expectedKeyForm(scheme)) {
    out.push({
      code: "SECRET_FORM",
      message: `Your code keyed the HMAC with ${KEY_FORM_WORDS[m.keyForm]}; ${HEADER_OF[scheme]} is keyed with ${KEY_FORM_WORDS[expectedKeyForm(scheme)]}` +
        (scheme === "standard" ? " (Standard Webhooks libraries do this for you)." : "."),
      detail,
    });
  }
  if (!m.content.correct) out.push({ code: "WRONG_CONTENT", message: `Your code signed ${m.content.words}; ${HEADER_OF[scheme]} signs ${CONTENT_OF[scheme]}.`, detail });
  if (m.encoding !== expectedEncoding(scheme)) {
    out.push({ code: "SIGNATURE_ENCODING", message: `Your code writes the HMAC as ${m.encoding}; ${HEADER_OF[scheme]} carries it as ${expectedEncoding(scheme)}.`, detail });
  }
  if (!out.length && m.candidate.whose !== "yours" && headerValid && m.body === "received") {
    out.push({
      code: "SIGNATURE_COMPARISON",
      message: `Your code computes the right signature, so the comparison fails: compare it with each ${scheme === "standard" ? "value after \"v1,\" in the space-separated webhook-signature" : "v1= value of x-svc-signature"}, in constant time.`,
      detail,
    });
  }
  return out;
}

/**
 * The findings say the portal made this signature fail on purpose: a receiver check's case
 * (RECEIVER_CHECK) or a delivery sent under the "bad signature" callback fault. Refusing it
 * was right; there is no mistake of the integrator's to explain.
 */
export const forgedOnPurpose = (findings: Finding[]) =>
  findings.some((f) => f.code === "RECEIVER_CHECK" || f.detail?.fault === "badSignature");

const EXPLAINS_INVALID = new Set<FindingCode>(["BODY_CHANGED", "WRONG_SECRET", "HEADER_CHANGED", "RECEIVER_CHECK", "HEADER_MISSING"]);

export function explainSignature(input: ExplainInput, facts: ExplainFacts): Explanation {
  const h = lowerKeys(input.headers);
  const scheme: Scheme = h["x-svc-signature"] && h["webhook-signature"] ? "both" : h["webhook-signature"] ? "standard-webhooks" : h["x-svc-signature"] ? "x-svc-signature" : "none";
  const secrets = [facts.secrets.current, ...(facts.secrets.previous ? [facts.secrets.previous] : [])];
  const check = checkSignatures(h, input.body, secrets);
  const t = h["webhook-timestamp"] ?? (h["x-svc-signature"] ? parseSvcSignature(h["x-svc-signature"]).t : undefined);
  const stale = timestampFinding(t, facts);
  const findings: Finding[] = [];
  const add = (f: Finding | null | Finding[]) => void (f && findings.push(...[f].flat()));
  add(missingHeaders(h));
  add(deliveryFindings(h, input.body, facts));
  if (check.result === "invalid" && !findings.some((f) => f.code === "BODY_CHANGED")) add(inferredBodyChange(h, input.body, secrets));
  add(stale);
  if (input.secret !== undefined) add(secretFindings(input.secret, facts).filter((f) => !findings.some((g) => g.code === f.code && g.detail?.fault)));
  if (input.signature !== undefined) {
    const own = signatureFindings(input.signature, h, input.body, t, check.result === "valid", facts, input.secret);
    add(own.filter((f) => !(f.code === "WRONG_SECRET" && findings.some((g) => g.code === "WRONG_SECRET"))));
  }
  if (check.result === "invalid" && !findings.some((f) => EXPLAINS_INVALID.has(f.code))) {
    add({ code: "WRONG_SECRET", message: "The signature headers do not match this body with the app's signing secret (current or previous), and nothing shows the body changed: they were made with another secret." });
  }
  const valid = check.result === "valid" && !stale;
  if (valid && input.signature === undefined && input.secret === undefined) {
    add({
      code: "SIGNATURE_VALID",
      message: "These headers sign this body with the app's signing secret and the timestamp is fresh: if your code still refuses it, send the signature it computed (signature) and the secret string it used (secret) to find the mistake.",
    });
  }
  return { valid, scheme, findings };
}
