// The callbacks page's worked example is signed by the sandbox's own signing
// code, and the Node snippet the page shows verifies it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import { expect, it } from "vitest";
import { signatureExample, VERIFY_SNIPPET } from "@/lib/docs/signature";

it("the worked example is HMAC-SHA256 of '<t>.<raw body>' and the snippet verifies it", async () => {
  const ex = signatureExample();
  expect(ex.header).toBe(`t=${ex.t},v1=${createHmac("sha256", ex.secret).update(`${ex.t}.${ex.rawBody}`).digest("hex")}`);
  expect(JSON.parse(ex.rawBody)).toMatchObject({ resultCode: 0, reference: "INV-1001" });

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "verify-")), "verify.mjs");
  fs.writeFileSync(file, VERIFY_SNIPPET);
  const { verifySignature } = await import(/* @vite-ignore */ file);
  const now = Number(ex.t);
  expect(verifySignature(ex.rawBody, ex.header, ex.secret, 300, now)).toBe(true);
  expect(verifySignature(ex.rawBody.replace('"amount":100', '"amount":900'), ex.header, ex.secret, 300, now)).toBe(false);
  expect(verifySignature(ex.rawBody, ex.header, "whsec_other", 300, now)).toBe(false);
  expect(verifySignature(ex.rawBody, ex.header, ex.secret, 300, now + 301)).toBe(false);
  expect(verifySignature(ex.rawBody, "garbage", ex.secret, 300, now)).toBe(false);
});
