// The callbacks page's worked example is signed by the portal's own signing
// code, and the Node snippet the page shows verifies it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { expect, it } from "vitest";
import { callbackSignatureHeaders, newSigningSecret } from "@/lib/crypto";
import { signatureExample, STANDARD_WEBHOOKS_SNIPPET, VERIFY_SNIPPET } from "@/lib/docs/signature";

async function load(code: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "verify-")), "verify.mjs");
  fs.writeFileSync(file, code);
  return import(/* @vite-ignore */ file);
}

it("the worked example is HMAC-SHA256 of '<t>.<raw body>' and the snippet verifies it", async () => {
  const ex = signatureExample();
  expect(ex.header).toBe(`t=${ex.t},v1=${createHmac("sha256", ex.secret).update(`${ex.t}.${ex.rawBody}`).digest("hex")}`);
  expect(JSON.parse(ex.rawBody)).toMatchObject({ resultCode: 0, reference: "INV-1001" });

  const { verifySignature } = await load(VERIFY_SNIPPET);
  const now = Number(ex.t);
  expect(verifySignature(ex.rawBody, ex.header, ex.secret, 300, now)).toBe(true);
  expect(verifySignature(ex.rawBody.replace('"amount":100', '"amount":900'), ex.header, ex.secret, 300, now)).toBe(false);
  expect(verifySignature(ex.rawBody, ex.header, "whsec_other", 300, now)).toBe(false);
  expect(verifySignature(ex.rawBody, ex.header, ex.secret, 300, now + 301)).toBe(false);
  expect(verifySignature(ex.rawBody, "garbage", ex.secret, 300, now)).toBe(false);
});

it("the Standard Webhooks headers of the example verify with the standardwebhooks package and with the snippet", async () => {
  const ex = signatureExample();
  const { verifyWebhook } = await load(STANDARD_WEBHOOKS_SNIPPET);
  const now = Number(ex.t);
  expect(ex.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(verifyWebhook(ex.rawBody, ex.headers, ex.secret, 300, now)).toBe(true);
  expect(verifyWebhook(`${ex.rawBody} `, ex.headers, ex.secret, 300, now)).toBe(false);
  expect(verifyWebhook(ex.rawBody, ex.headers, ex.secret, 300, now + 301)).toBe(false);
  expect(verifyWebhook(ex.rawBody, { ...ex.headers, "webhook-id": "dlv_other" }, ex.secret, 300, now)).toBe(false);
  // The library checks the timestamp against the clock: sign a fresh one.
  const fresh = callbackSignatureHeaders([ex.secret], "dlv_x", ex.rawBody, new Date());
  expect(new Webhook(ex.secret).verify(ex.rawBody, fresh)).toEqual(JSON.parse(ex.rawBody));
  expect(() => new Webhook(newSigningSecret()).verify(ex.rawBody, fresh)).toThrow();
});

it("new signing secrets are whsec_ and the Base64 of 32 bytes, which the library accepts", () => {
  const secret = newSigningSecret();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
  expect(() => new Webhook(secret)).not.toThrow();
});

it("with two secrets (rotation), each header carries two signatures and either secret verifies", async () => {
  const [a, b] = [newSigningSecret(), newSigningSecret()];
  const body = JSON.stringify({ hello: "world" });
  const h = callbackSignatureHeaders([a, b], "dlv_rot", body, new Date());
  expect(h["webhook-signature"].split(" ")).toHaveLength(2);
  expect(h["x-svc-signature"].match(/v1=/g)).toHaveLength(2);
  const { verifySignature } = await load(VERIFY_SNIPPET);
  const { verifyWebhook } = await load(STANDARD_WEBHOOKS_SNIPPET);
  for (const secret of [a, b]) {
    expect(new Webhook(secret).verify(body, h)).toEqual({ hello: "world" });
    expect(verifySignature(body, h["x-svc-signature"], secret)).toBe(true);
    expect(verifyWebhook(body, h, secret)).toBe(true);
  }
  expect(verifySignature(body, h["x-svc-signature"], newSigningSecret())).toBe(false);
});

it("the test vectors verify with the standardwebhooks package at their timestamp, and not with a byte changed; the wrong results are what explain names", async () => {
  const { testVectors, wrongResults } = await import("@/lib/docs/signature");
  const { checkSignatures } = await import("@/lib/crypto");
  const { explainSignature } = await import("@/lib/callbacks/signature-explain");
  const { vi } = await import("vitest");
  const vectors = testVectors();
  expect(vectors.map((v) => v.secrets.length)).toEqual([1, 1, 2]);
  vi.useFakeTimers();
  try {
    for (const v of vectors) {
      vi.setSystemTime(v.timestamp * 1000);
      const headers = { "webhook-id": v.id, "webhook-timestamp": String(v.timestamp), ...v.expected };
      for (const secret of v.secrets) {
        expect(new Webhook(secret).verify(v.body, headers)).toEqual(JSON.parse(v.body));
        expect(checkSignatures(headers, v.body, [secret]).result).toBe("valid");
        expect(() => new Webhook(secret).verify(v.body.replace("}", " }"), headers)).toThrow();
      }
    }
  } finally {
    vi.useRealTimers();
  }
  expect(vectors[1]!.body).toMatch(/[^\p{ASCII}]/u);
  expect(vectors[2]!.expected["webhook-signature"].split(" ")).toHaveLength(2);
  const v = vectors[0]!;
  const headers = { "webhook-id": v.id, "webhook-timestamp": String(v.timestamp), ...v.expected };
  const facts = { secrets: { current: v.secrets[0]!, previous: null, previousUntil: null }, deliveryId: null, delivery: null, now: new Date(v.timestamp * 1000) };
  for (const w of wrongResults()) {
    const body = w.code === "BODY_CHANGED" ? JSON.stringify(JSON.parse(v.body), null, 2) : v.body;
    const r = explainSignature({ headers, body, signature: `v1,${w.value}` }, facts);
    expect(r.findings.map((f) => f.code), w.mistake).toContain(w.code);
  }
});
