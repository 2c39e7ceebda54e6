// Hashing for secrets (consumer secrets, access tokens: high-entropy random,
// so SHA-256 suffices) and passwords (low entropy: scrypt), constant-time compares,
// the callback signing secret and the callback's signature headers.
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SCRYPT = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !salt || !hash) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), 32, { ...SCRYPT, N: Number(n) });
  return safeEqual(actual.toString("base64url"), hash);
}

/**
 * A callback signing secret in the Standard Webhooks format: `whsec_` and the
 * Base64 of 32 random bytes. The `standardwebhooks` libraries and Svix take it
 * as it is; the x-svc-signature HMAC is keyed with the whole string.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (contract: Callbacks),
 * one `v1=` per secret (two while a rotated-out secret is still in its grace period).
 */
export function signCallback(secrets: string | string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = [secrets].flat().map((secret) => `v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`);
  return [`t=${t}`, ...v1].join(",");
}

/** Standard Webhooks: the key is the Base64 part of the secret, after `whsec_`. */
const standardKey = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ""), "base64");

/**
 * `webhook-signature`: `v1,<Base64 HMAC-SHA256 of "<id>.<t>.<raw body>">`, space-separated,
 * one per secret (Standard Webhooks specification, "Signature scheme").
 */
export function signStandardWebhook(secrets: string | string[], id: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return [secrets].flat().map((secret) => `v1,${createHmac("sha256", standardKey(secret)).update(`${id}.${t}.${body}`).digest("base64")}`).join(" ");
}

/** Every signature header of one callback POST: the sandbox's own and the Standard Webhooks trio. */
export function callbackSignatureHeaders(secrets: string[], deliveryId: string, body: string, at: Date): Record<string, string> {
  return {
    "x-svc-signature": signCallback(secrets, body, at),
    "webhook-id": deliveryId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signStandardWebhook(secrets, deliveryId, body, at),
  };
}

export type SignatureCheck = "valid" | "invalid" | "none";

/** Whether an `x-svc-signature` header (t=…,v1=…[,v1=…]) signs `body` with one of `secrets` (no freshness check). */
export function checkCallbackSignature(header: string | undefined, body: string, secrets: string[]): SignatureCheck {
  if (!header) return "none";
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string?]);
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return "invalid";
  const given = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  const ok = secrets.some((s) => given.some((v) => safeEqual(v, createHmac("sha256", s).update(`${t}.${body}`).digest("hex"))));
  return ok ? "valid" : "invalid";
}

/** Whether the Standard Webhooks headers (webhook-id, -timestamp, -signature) sign `body` with one of `secrets`. */
export function checkStandardWebhook(headers: Record<string, string | undefined>, body: string, secrets: string[]): SignatureCheck {
  const id = headers["webhook-id"], t = headers["webhook-timestamp"], sig = headers["webhook-signature"];
  if (!sig) return "none";
  if (!id || !t || !/^\d{1,12}$/.test(t)) return "invalid";
  const given = sig.split(" ").map((s) => s.split(",", 2)).filter(([v]) => v === "v1").map(([, s]) => s ?? "");
  const ok = secrets.some((s) => {
    const expected = createHmac("sha256", standardKey(s)).update(`${id}.${t}.${body}`).digest("base64");
    return given.some((g) => safeEqual(g, expected));
  });
  return ok ? "valid" : "invalid";
}

export type SignatureReport = { result: SignatureCheck; svc: SignatureCheck; standard: SignatureCheck };

/** Both signature schemes of a received callback: invalid when either present one fails, none when neither is there. */
export function checkSignatures(headers: Record<string, string | undefined>, body: string, secrets: string[]): SignatureReport {
  const svc = checkCallbackSignature(headers["x-svc-signature"], body, secrets);
  const standard = checkStandardWebhook(headers, body, secrets);
  const result = svc === "invalid" || standard === "invalid" ? "invalid" : svc === "valid" || standard === "valid" ? "valid" : "none";
  return { result, svc, standard };
}
