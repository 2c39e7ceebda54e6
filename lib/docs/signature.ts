// The callbacks page's worked example: a real collect callback body, signed
// with callbackSignatureHeaders (lib/crypto.ts) — the function the dispatcher signs with.
import { operationById } from "@/lib/catalog";
import { callbackSignatureHeaders } from "@/lib/crypto";
import { defaultScenario } from "@/lib/engine";
import { sampleAnswer } from "./samples";

export const EXAMPLE_SECRET = "whsec_d0cs3xampleS1gningS3cretN0tRealAtAll";
const EXAMPLE_DELIVERY = "dlv_4nQ8sZk2VbT7cXw1LpR9dF";
const DELIVERED_AT = new Date("2026-11-21T09:30:04.123Z");

export function signatureExample() {
  const op = operationById("collect.push")!;
  const rawBody = JSON.stringify(sampleAnswer(op, defaultScenario(op)).callback!.body);
  const headers = callbackSignatureHeaders([EXAMPLE_SECRET], EXAMPLE_DELIVERY, rawBody, DELIVERED_AT);
  const header = headers["x-svc-signature"];
  const t = headers["webhook-timestamp"];
  return { secret: EXAMPLE_SECRET, rawBody, header, headers, t, signedPayload: `${t}.${rawBody}`, v1: header.split("v1=")[1]! };
}

/**
 * Node code to verify x-svc-signature; the README carries the same text. Tests run
 * it against signatureExample() and against real callbacks.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before JSON.parse)
// header:  the x-svc-signature header; secret: your app's signing secret
// During a secret rotation the header carries two v1= values: either may match.
export function verifySignature(rawBody, header, secret, toleranceS = 300, nowS = Date.now() / 1000) {
  const parts = header.split(",").map((p) => p.split("=", 2));
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(t + "." + rawBody).digest("hex"));
  const fresh = Math.abs(nowS - Number(t)) <= toleranceS;
  return fresh && parts.some(([k, v]) => k === "v1" && Buffer.byteLength(v ?? "") === expected.length && timingSafeEqual(Buffer.from(v), expected));
}`;

/**
 * Node code to verify the Standard Webhooks headers without a library (the
 * README carries the same text); \`new Webhook(secret).verify(rawBody, headers)\`
 * from the standardwebhooks package does the same.
 */
export const STANDARD_WEBHOOKS_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature ("v1,<base64>", space-separated).
// headers: the request's headers (lower-case names); secret: whsec_… as the console shows it
export function verifyWebhook(rawBody, headers, secret, toleranceS = 300, nowS = Date.now() / 1000) {
  const id = headers["webhook-id"], t = headers["webhook-timestamp"], signatures = headers["webhook-signature"];
  if (!id || !t || !signatures || Math.abs(nowS - Number(t)) > toleranceS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = Buffer.from(createHmac("sha256", key).update(id + "." + t + "." + rawBody).digest("base64"));
  return signatures.split(" ").some((s) => {
    const [version, signature] = s.split(",", 2);
    return version === "v1" && Buffer.byteLength(signature ?? "") === expected.length && timingSafeEqual(Buffer.from(signature), expected);
  });
}`;
