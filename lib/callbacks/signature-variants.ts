// What an integrator's code signed (signature explain, signature-explain.ts):
// the signature it computed is recomputed from the usual mistakes — the secret
// in the wrong form, the wrong content, the wrong encoding — until one
// matches. The correct forms come from lib/crypto.ts; the wrong ones are here. Pure.
import { hmacSha256, standardKey, standardSignedContent, svcKey, svcSignedContent } from "@/lib/crypto";

/** How the secret was turned into the HMAC key. */
export type KeyForm =
  /** the Base64-decoded bytes after `whsec_`: Standard Webhooks' key */
  | "decoded"
  /** the whole `whsec_…` string as text: x-svc-signature's key */
  | "whole"
  /** the Base64 text after `whsec_`, not decoded */
  | "undecoded";

export const KEY_FORM_WORDS: Record<KeyForm, string> = {
  decoded: "the Base64-decoded bytes after whsec_",
  whole: "the whole whsec_… string as text",
  undecoded: "the Base64 text after whsec_, not decoded",
};

/** The HMAC key a secret becomes in each form. */
export const keyOf = (secret: string, form: KeyForm): string | Buffer =>
  form === "decoded" ? standardKey(secret) : form === "whole" ? svcKey(secret) : secret.replace(/^whsec_/, "");

/** The content a scheme signs, and the mistakes made in its place. */
export type Content = { name: string; scheme: "standard" | "svc" | null; correct: boolean; words: string; text: string };

function contents(id: string | undefined, t: string | undefined, body: string): Content[] {
  const out: Content[] = [];
  if (id && t) {
    out.push({ name: "standard", scheme: "standard", correct: true, words: "<webhook-id>.<webhook-timestamp>.<body>", text: standardSignedContent(id, t, body) });
  }
  if (t) out.push({ name: "svc", scheme: "svc", correct: true, words: "<t>.<body>", text: svcSignedContent(t, body) });
  out.push({ name: "body", scheme: null, correct: false, words: "the body alone", text: body });
  for (const [sep, named] of [["", "nothing"], [":", "\":\""], [",", "\",\""], [" ", "a space"], ["\n", "a line break"]] as const) {
    if (id && t) out.push({ name: "standard-separator", scheme: "standard", correct: false, words: `<webhook-id>, <webhook-timestamp> and <body> joined with ${named} instead of "."`, text: [id, t, body].join(sep) });
    if (t) out.push({ name: "svc-separator", scheme: "svc", correct: false, words: `<t> and <body> joined with ${named} instead of "."`, text: `${t}${sep}${body}` });
  }
  if (id) out.push({ name: "id-body", scheme: "standard", correct: false, words: "<webhook-id>.<body> (the timestamp left out)", text: `${id}.${body}` });
  return out;
}

export type Encoding = "hex" | "base64" | "base64url";

/** The signature without a scheme prefix (`v1,`, `v1=`, `sha256=`) or surrounding space. */
export function bareSignature(given: string): string {
  return given.trim().replace(/^(v1,|v1=|sha256=)/i, "").trim();
}

function encodingsOf(digest: Buffer): [Encoding, string][] {
  return [["hex", digest.toString("hex")], ["base64", digest.toString("base64")], ["base64url", digest.toString("base64url")]];
}

export type Candidate = { secret: string; whose: "current" | "previous" | "yours" };
export type SignatureMatch = { candidate: Candidate; keyForm: KeyForm; content: Content; body: "received" | "sent"; encoding: Encoding };

/**
 * The first combination of secret, key form, signed content and encoding that
 * reproduces `given`, correct forms first; null when none does.
 */
export function matchSignature(
  given: string,
  candidates: Candidate[],
  headers: { id?: string; t?: string },
  bodies: { received: string; sent?: string },
): SignatureMatch | null {
  const bare = bareSignature(given);
  if (!bare) return null;
  const lower = bare.toLowerCase();
  const bodyList: ["received" | "sent", string][] = [["received", bodies.received]];
  if (bodies.sent !== undefined && bodies.sent !== bodies.received) bodyList.push(["sent", bodies.sent]);
  for (const candidate of candidates) {
    for (const keyForm of ["decoded", "whole", "undecoded"] as const) {
      const key = keyOf(candidate.secret, keyForm);
      for (const [body, text] of bodyList) {
        for (const content of contents(headers.id, headers.t, text)) {
          for (const [encoding, value] of encodingsOf(hmacSha256(key, content.text))) {
            if (encoding === "hex" ? value === lower : value === bare) return { candidate, keyForm, content, body, encoding };
          }
        }
      }
    }
  }
  return null;
}

/** The key form a scheme expects. */
export const expectedKeyForm = (scheme: "standard" | "svc"): KeyForm => (scheme === "standard" ? "decoded" : "whole");
/** The encoding a scheme's header carries. */
export const expectedEncoding = (scheme: "standard" | "svc"): Encoding => (scheme === "standard" ? "base64" : "hex");
