// Opaque, unguessable ids with a type prefix (contract: Ids and formats).
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 22 base62 characters from 16 random bytes: 128 bits. */
export function randomBase62(length = 22): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 62 * 4: no modulo bias
  }
  return out.length === length ? out : randomBase62(length);
}

export type IdPrefix = "app" | "usr" | "key" | "chk" | "pay" | "ver" | "msg" | "dlv" | "req" | "inb";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62()}`;
}

/** url-safe random string of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A receipt number as the network prints it: 10 upper-case letters and digits. */
export function newReceipt(): string {
  return `S${randomBase62(40).toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 9).padEnd(9, "0")}`;
}
