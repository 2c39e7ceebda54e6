// Hashing for secrets (consumer secrets, access tokens: high-entropy random,
// so SHA-256 suffices) and passwords (low entropy: scrypt), constant-time compares,
// the callback signing secret and the callback's signature headers, and sealing
// a small secret at rest (AES-256-GCM: `seal`, `unseal`).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
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

/** scrypt at N = 2^cost, r 8, p 1: 128·N·r bytes (16 MiB at the default cost, 14, lib/config.ts PASSWORD_HASH_COST). */
const scryptOptions = (n: number) => ({ N: n, r: 8, p: 1, maxmem: 256 * n * 8 });

/** `scrypt$<N>$<salt>$<hash>`: the hash keeps its cost, so a hash made at any cost verifies whatever the setting is now. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const hash = await scryptAsync(password, salt, 32, scryptOptions(n));
  return `scrypt$${n}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** A hash in that form that no password matches (random salt and hash): checked against, at the same cost, when the account is unknown. */
export function unmatchableHash(cost: number): string {
  return `scrypt$${2 ** cost}$${randomBytes(16).toString("base64url")}$${randomBytes(32).toString("base64url")}`;
}

/** The cost a stored hash names (N = 2^cost), or null when it is not one of ours. */
export function costOf(stored: string): number | null {
  const [scheme, n, salt, hash] = stored.split("$");
  const cost = Math.log2(Number(n));
  return scheme === "scrypt" && Number.isInteger(cost) && cost >= 1 && salt && hash ? cost : null;
}

/** `mostCost`: the highest cost a stored hash may name (a row naming more is refused, not given gigabytes). */
export async function verifyPassword(password: string, stored: string, mostCost: number): Promise<boolean> {
  const cost = costOf(stored);
  if (cost === null || cost > mostCost) return false;
  const [, n, salt, hash] = stored.split("$") as [string, string, string, string];
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), 32, scryptOptions(Number(n)));
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
 * How old (or how far ahead) a callback's timestamp may be before a verifier
 * refuses it: five minutes, the Standard Webhooks libraries' tolerance.
 */
export const SIGNATURE_TOLERANCE_S = 300;

/** HMAC-SHA256 of `content` under `key`: the one primitive both schemes sign with. */
export function hmacSha256(key: string | Buffer, content: string): Buffer {
  return createHmac("sha256", key).update(content).digest();
}

/** What x-svc-signature signs: `<t>.<raw body>`. */
export const svcSignedContent = (t: string | number, body: string) => `${t}.${body}`;
/** What webhook-signature signs: `<id>.<t>.<raw body>`. */
export const standardSignedContent = (id: string, t: string | number, body: string) => `${id}.${t}.${body}`;
/** Standard Webhooks: the key is the Base64-decoded part of the secret, after `whsec_`. */
export const standardKey = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ""), "base64");
/** x-svc-signature: the key is the whole secret string, `whsec_` included. */
export const svcKey = (secret: string) => secret;

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (README: How the sandbox behaves),
 * one `v1=` per secret (two while a rotated-out secret is still in its grace period).
 */
export function signCallback(secrets: string | string[], body: string, at: Date): string {
  const t = unixSeconds(at);
  const v1 = [secrets].flat().map((secret) => `v1=${hmacSha256(svcKey(secret), svcSignedContent(t, body)).toString("hex")}`);
  return [`t=${t}`, ...v1].join(",");
}

/**
 * `webhook-signature`: `v1,<Base64 HMAC-SHA256 of "<id>.<t>.<raw body>">`, space-separated,
 * one per secret (Standard Webhooks specification, "Signature scheme").
 */
export function signStandardWebhook(secrets: string | string[], id: string, body: string, at: Date): string {
  const t = unixSeconds(at);
  return [secrets].flat().map((secret) => `v1,${hmacSha256(standardKey(secret), standardSignedContent(id, t, body)).toString("base64")}`).join(" ");
}

/** Every signature header of one callback POST: the portal's own and the Standard Webhooks trio. */
export function callbackSignatureHeaders(secrets: string[], deliveryId: string, body: string, at: Date): Record<string, string> {
  return {
    "x-svc-signature": signCallback(secrets, body, at),
    "webhook-id": deliveryId,
    "webhook-timestamp": String(unixSeconds(at)),
    "webhook-signature": signStandardWebhook(secrets, deliveryId, body, at),
  };
}

/** The `t` and `v1` values of an x-svc-signature header (`t=…,v1=…[,v1=…]`). */
export function parseSvcSignature(header: string): { t: string | undefined; v1: string[] } {
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string?]);
  return { t: parts.find(([k]) => k === "t")?.[1], v1: parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "") };
}

/** The `v1` signatures of a webhook-signature header (`v1,<base64>` entries, space-separated). */
export function parseStandardSignature(header: string): string[] {
  return header.split(" ").map((s) => s.split(",", 2)).filter(([v]) => v === "v1").map(([, s]) => s ?? "");
}

export type SignatureCheck = "valid" | "invalid" | "none";

/** Whether an `x-svc-signature` header (t=…,v1=…[,v1=…]) signs `body` with one of `secrets` (no freshness check). */
export function checkCallbackSignature(header: string | undefined, body: string, secrets: string[]): SignatureCheck {
  if (!header) return "none";
  const { t, v1: given } = parseSvcSignature(header);
  if (!t || !/^\d{1,12}$/.test(t)) return "invalid";
  const ok = secrets.some((s) => given.some((v) => safeEqual(v, hmacSha256(svcKey(s), svcSignedContent(t, body)).toString("hex"))));
  return ok ? "valid" : "invalid";
}

/** Whether the Standard Webhooks headers (webhook-id, -timestamp, -signature) sign `body` with one of `secrets`. */
export function checkStandardWebhook(headers: Record<string, string | undefined>, body: string, secrets: string[]): SignatureCheck {
  const id = headers["webhook-id"], t = headers["webhook-timestamp"], sig = headers["webhook-signature"];
  if (!sig) return "none";
  if (!id || !t || !/^\d{1,12}$/.test(t)) return "invalid";
  const given = parseStandardSignature(sig);
  const ok = secrets.some((s) => {
    const expected = hmacSha256(standardKey(s), standardSignedContent(id, t, body)).toString("base64");
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

/**
 * `plain` encrypted and authenticated with AES-256-GCM under `key` (32 bytes):
 * `v1.<iv>.<ciphertext>.<tag>`, base64url, a fresh 12-byte IV each time.
 */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, data, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** What `seal` sealed, or null when `sealed` is not one or was sealed under another key (or changed). */
export function unseal(key: Buffer, sealed: string): string | null {
  const [v, iv, data, tag] = sealed.split(".");
  if (v !== "v1" || !iv || data === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
