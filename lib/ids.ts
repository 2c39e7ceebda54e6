// Opaque, unguessable ids with a type prefix (README: How the sandbox behaves).
import { randomBytes, randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random bytes drawn from the system generator 8 KiB at a time (one call per ~180 ids, not one per id). */
const pool = Buffer.alloc(8192);
let used = pool.length;
function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** `length` base62 characters (22 by default: 130 bits). */
export function randomBase62(length = 22): string {
  let out = "";
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 62 * 4: no modulo bias
  }
  return out;
}

export type IdPrefix = "app" | "usr" | "key" | "chk" | "pay" | "ver" | "msg" | "dlv" | "req" | "inb" | "team" | "inv" | "aud" | "pk" | "ses";

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
