// The callbacks page's worked example: a real collect callback body, signed
// with signCallback (lib/crypto.ts) — the function the dispatcher signs with.
import { operationById } from "@/lib/catalog";
import { signCallback } from "@/lib/crypto";
import { defaultScenario } from "@/lib/engine";
import { sampleAnswer } from "./samples";

export const EXAMPLE_SECRET = "whsec_d0cs3xampleS1gningS3cretN0tRealAtAll";
const DELIVERED_AT = new Date("2026-11-21T09:30:04.123Z");

export function signatureExample() {
  const op = operationById("collect.push")!;
  const rawBody = JSON.stringify(sampleAnswer(op, defaultScenario(op)).callback!.body);
  const header = signCallback(EXAMPLE_SECRET, rawBody, DELIVERED_AT);
  const t = /t=(\d+)/.exec(header)![1]!;
  return { secret: EXAMPLE_SECRET, rawBody, header, t, signedPayload: `${t}.${rawBody}`, v1: header.split("v1=")[1]! };
}

/** Node code to verify a callback; tests run it against signatureExample(). */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before JSON.parse)
// header:  the x-svc-signature header; secret: your app's signing secret
export function verifySignature(rawBody, header, secret, toleranceS = 300, nowS = Date.now() / 1000) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(parts.t + "." + rawBody).digest("hex");
  const a = Buffer.from(expected);
  const b = Buffer.from(parts.v1);
  const fresh = Math.abs(nowS - Number(parts.t)) <= toleranceS;
  return fresh && a.length === b.length && timingSafeEqual(a, b);
}`;
