// Signature explain's analysis (lib/callbacks/signature-explain.ts): each
// mistake an integrator makes, made here with real HMACs, is named with its code.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compareBodies } from "@/lib/callbacks/body-diff";
import { explainSignature, type ExplainFacts, type SentDelivery } from "@/lib/callbacks/signature-explain";
import { callbackSignatureHeaders, newSigningSecret } from "@/lib/crypto";

const secret = newSigningSecret();
const now = new Date("2026-11-23T10:00:00.000Z");
const t = Math.floor(now.getTime() / 1000);
const id = "dlv_3kTMd9qLw0vYx2pZbR7cNe";
const body = JSON.stringify({ checkoutId: "chk_x", reference: "INV-1", resultCode: 0, amount: 100, payer: "Zoë Müller" });
const headers = (over: { at?: Date; key?: string; sent?: string } = {}): Record<string, string> => ({
  "content-type": "application/json",
  "x-svc-delivery": id,
  ...callbackSignatureHeaders([over.key ?? secret], id, over.sent ?? body, over.at ?? now),
});
const sent: SentDelivery = { id, body, badSignature: false, attempts: [{ at: now, headers: headers() }] };
const facts = (over: Partial<ExplainFacts> = {}): ExplainFacts => ({
  secrets: { current: secret, previous: null, previousUntil: null }, deliveryId: id, delivery: sent, now, ...over,
});
const codes = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);
const hmac = (key: string | Buffer, content: string, enc: "hex" | "base64") => createHmac("sha256", key).update(content).digest(enc);
const decodedKey = Buffer.from(secret.slice("whsec_".length), "base64");

describe("signature explain", () => {
  it("a callback as sent is valid, and says how to find a mistake in one's own code", () => {
    const r = explainSignature({ headers: headers(), body }, facts());
    expect(r).toMatchObject({ valid: true, scheme: "both" });
    expect(codes(r)).toEqual(["SIGNATURE_VALID"]);
  });

  it("BODY_CHANGED for a pretty-printed body: first differing offset, re-serialised; also without the delivery, from the signature", () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    const r = explainSignature({ headers: headers(), body: pretty }, facts());
    expect(r.valid).toBe(false);
    const f = r.findings.find((x) => x.code === "BODY_CHANGED")!;
    expect(f.detail).toMatchObject({ offset: 1, looks: "re-serialised" });
    expect(f.message).toMatch(/from byte 1 on: it looks re-serialised \(pretty-printed/);
    expect(codes(r)).not.toContain("WRONG_SECRET");
    const gone = explainSignature({ headers: headers(), body: pretty }, facts({ delivery: null }));
    expect(codes(gone)).toEqual(["UNKNOWN_DELIVERY", "BODY_CHANGED"]);
    expect(gone.findings[1]!.detail).toMatchObject({ looks: "re-serialised", inferred: true });
  });

  it("BODY_CHANGED tells trimmed, cut short and re-encoded bodies apart", () => {
    expect(compareBodies(body, `${body}\n`)).toMatchObject({ looks: "trimmed", offset: Buffer.byteLength(body) });
    expect(compareBodies(body, body.slice(0, 20))).toMatchObject({ looks: "trimmed", how: expect.stringMatching(/^cut short: 20 of/) });
    const latin1 = Buffer.from(body, "utf8").toString("latin1");
    const change = compareBodies(body, latin1)!;
    expect(change.looks).toBe("re-encoded");
    expect(change.offset).toBe(Buffer.byteLength(body.slice(0, body.indexOf("ë"))));
    expect(compareBodies(body, body.replace("ë", "\\u00eb"))).toMatchObject({ looks: "re-encoded" });
    expect(compareBodies(body, body.replace("INV-1", "INV-2"))).toMatchObject({ looks: "different" });
    expect(compareBodies(body, body)).toBeNull();
  });

  it("HEADER_MISSING names what did not arrive", () => {
    const none = explainSignature({ headers: { "content-type": "application/json" }, body }, facts({ deliveryId: null, delivery: null }));
    expect(none).toMatchObject({ valid: false, scheme: "none" });
    expect(codes(none)).toEqual(["HEADER_MISSING"]);
    expect(none.findings[0]!.detail).toEqual({ missing: ["x-svc-delivery", "x-svc-signature", "webhook-id", "webhook-timestamp", "webhook-signature"] });
    const { "webhook-timestamp": _t, ...partial } = headers();
    const r = explainSignature({ headers: partial, body }, facts());
    expect(r.findings[0]).toMatchObject({ code: "HEADER_MISSING", detail: { missing: ["webhook-timestamp"] } });
    expect(r.valid).toBe(false);
  });

  it("TIMESTAMP_OUT_OF_TOLERANCE: old, ahead, or milliseconds", () => {
    const old = new Date(now.getTime() - 10 * 60_000);
    const r = explainSignature({ headers: headers({ at: old }), body }, facts({ delivery: null }));
    expect(r.valid).toBe(false);
    expect(r.findings.find((f) => f.code === "TIMESTAMP_OUT_OF_TOLERANCE")).toMatchObject({ detail: { skewSeconds: 600, toleranceSeconds: 300 } });
    const ahead = explainSignature({ headers: headers({ at: new Date(now.getTime() + 400_000) }), body }, facts({ delivery: null }));
    expect(ahead.findings.find((f) => f.code === "TIMESTAMP_OUT_OF_TOLERANCE")!.message).toMatch(/400 s in the future/);
    const ms = explainSignature({ headers: { ...headers(), "webhook-timestamp": String(now.getTime()) }, body }, facts());
    expect(ms.findings.find((f) => f.code === "TIMESTAMP_OUT_OF_TOLERANCE")!.message).toMatch(/looks like milliseconds/);
    // Judged at the time it was received, an entry is fresh.
    expect(explainSignature({ headers: headers({ at: old }), body }, facts({ delivery: null, now: old })).valid).toBe(true);
  });

  it("SECRET_FORM: webhook-signature computed with the whsec_ string, or with the Base64 text not decoded; x-svc-signature with the decoded key", () => {
    const content = `${id}.${t}.${body}`;
    const whole = explainSignature({ headers: headers(), body, signature: hmac(secret, content, "base64") }, facts());
    expect(codes(whole)).toEqual(["SECRET_FORM"]);
    expect(whole.findings[0]!.detail).toMatchObject({ keyForm: "whole", scheme: "webhook-signature" });
    expect(whole.findings[0]!.message).toMatch(/whole whsec_… string as text; webhook-signature is keyed with the Base64-decoded bytes/);
    const undecoded = explainSignature({ headers: headers(), body, signature: `v1,${hmac(secret.slice(6), content, "base64")}` }, facts());
    expect(undecoded.findings[0]).toMatchObject({ code: "SECRET_FORM", detail: { keyForm: "undecoded" } });
    const svc = explainSignature({ headers: headers(), body, signature: hmac(decodedKey, `${t}.${body}`, "hex") }, facts());
    expect(svc.findings[0]).toMatchObject({ code: "SECRET_FORM", detail: { keyForm: "decoded", scheme: "x-svc-signature" } });
  });

  it("WRONG_CONTENT: the body alone, or joined with the wrong separator", () => {
    const alone = explainSignature({ headers: headers(), body, signature: hmac(secret, body, "hex") }, facts());
    expect(alone.findings).toEqual([expect.objectContaining({ code: "WRONG_CONTENT", message: "Your code signed the body alone; x-svc-signature signs <t>.<body>." })]);
    const colon = explainSignature({ headers: headers(), body, signature: hmac(decodedKey, `${id}:${t}:${body}`, "base64") }, facts());
    expect(colon.findings).toEqual([expect.objectContaining({ code: "WRONG_CONTENT", message: expect.stringMatching(/joined with ":" instead of "\."/) })]);
  });

  it("SIGNATURE_ENCODING and SIGNATURE_COMPARISON: the right HMAC in the wrong encoding, or the right signature compared wrongly", () => {
    const hex = explainSignature({ headers: headers(), body, signature: hmac(decodedKey, `${id}.${t}.${body}`, "hex") }, facts());
    expect(hex.findings).toEqual([expect.objectContaining({ code: "SIGNATURE_ENCODING" })]);
    const right = explainSignature({ headers: headers(), body, signature: hmac(decodedKey, `${id}.${t}.${body}`, "base64") }, facts());
    expect(right.findings).toEqual([expect.objectContaining({ code: "SIGNATURE_COMPARISON" })]);
  });

  it("WRONG_SECRET: a secret that is not the app's, the previous one, a consumer secret, or headers signed with another", () => {
    const other = newSigningSecret();
    const r = explainSignature({ headers: headers(), body, signature: hmac(Buffer.from(other.slice(6), "base64"), `${id}.${t}.${body}`, "base64"), secret: other }, facts());
    expect(codes(r)).toEqual(["WRONG_SECRET"]);
    expect(r.valid).toBe(true); // the headers are fine: the integrator's code is not
    const consumer = explainSignature({ headers: headers(), body, secret: "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg" }, facts());
    expect(consumer.findings[0]!.message).toMatch(/looks like a consumer secret/);
    const prev = explainSignature({ headers: headers(), body, secret: other }, facts({ secrets: { current: secret, previous: other, previousUntil: new Date(now.getTime() - 1000) } }));
    expect(prev.findings[0]).toMatchObject({ code: "WRONG_SECRET", detail: { whose: "previous" } });
    expect(prev.findings[0]!.message).toMatch(/no longer signs/);
    const forged = explainSignature({ headers: headers({ key: other }), body }, facts({ delivery: null }));
    expect(codes(forged)).toEqual(["UNKNOWN_DELIVERY", "WRONG_SECRET"]);
    const fault = explainSignature({ headers: headers({ key: other }), body }, facts({ delivery: { ...sent, badSignature: true, attempts: [{ at: now, headers: headers({ key: other }) }] } }));
    expect(fault.findings[0]!.message).toMatch(/wrong secret on purpose/);
  });

  it("SECRET_FORM for a secret with a trailing line break or without its prefix", () => {
    expect(explainSignature({ headers: headers(), body, secret: `${secret}\n` }, facts()).findings[0]).toMatchObject({ code: "SECRET_FORM", detail: { form: "whitespace" } });
    expect(explainSignature({ headers: headers(), body, secret: secret.slice(6) }, facts()).findings[0]).toMatchObject({ code: "SECRET_FORM", detail: { form: "without-prefix" } });
  });

  it("HEADER_CHANGED when the signatures are not any attempt's; RECEIVER_CHECK for a check's forged case", () => {
    const copied = explainSignature({ headers: headers({ at: new Date(now.getTime() - 60_000) }), body }, facts());
    expect(codes(copied)).toContain("HEADER_CHANGED");
    const check = explainSignature(
      { headers: headers(), body: body.replace("100", "10000") },
      facts({ delivery: null, checkCase: { checkId: "rck_1", name: "tampered_body", expected: "refused (not 2xx)" } }),
    );
    expect(check.findings[0]).toMatchObject({ code: "RECEIVER_CHECK", message: expect.stringMatching(/tampered_body case of receiver check rck_1/) });
    expect(codes(check)).not.toContain("UNKNOWN_DELIVERY");
  });
});
