// Two-step sign-in (RFC 6238 TOTP: SHA-1, 6 digits, 30 s, through otpauth):
// the one rule for setting it up, confirming it, turning it off (with a code,
// or by the operator) and checking the second step of a sign-in
// (users.ts checkSignIn). The secret is sealed at rest (AES-256-GCM under
// lib/auth-secret.ts totpKey) and pending until a code confirms it. A code is
// accepted once: its time step must be past the last accepted one
// (User.totpLastStep, moved by one conditional UPDATE, so two requests with the
// same code cannot both pass, on any instance), within ±1 step of now. The 10
// recovery codes are kept as SHA-256 hashes (random, high entropy) and deleted
// when used (one DELETE: once each). Every code checked from the console goes
// through the password guard (signin-guard.ts), as the sign-in's does.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { totpKey } from "@/lib/auth-secret";
import { seal, sha256, unseal } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { nowDate, nowMs } from "@/lib/runtime";
import { audit } from "./audit";
import { passwordGuard } from "./signin-guard";

export const TOTP_PERIOD = 30;
export const RECOVERY_CODES = 10;
const ISSUER = "Svc Sandbox";

const totpOf = (secret: string, email = "") =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });

/** A code as typed: six digits (spaces allowed) is a TOTP code, anything else a recovery code. */
const digits = (code: string) => code.replace(/\s+/g, "");
const isTotpCode = (code: string) => /^\d{6}$/.test(digits(code));
/** A recovery code's hash: case, spaces and dashes do not matter. */
const recoveryHash = (code: string) => sha256(`recovery\n${code.toLowerCase().replace(/[^a-z0-9]/g, "")}`);

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** Ten characters of a 31-letter alphabet (~50 bits), written `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

type TotpUser = { id: string; email: string; totpSecret: string | null; totpEnabledAt: Date | null };

function secretOf(u: TotpUser): string {
  const secret = u.totpSecret ? unseal(totpKey(), u.totpSecret) : null;
  // Sealed under another key (TOTP_ENCRYPTION_KEY or AUTH_SECRET changed): the operator's reset-totp is the way out.
  if (!secret) throw new ApiError("CONFLICT", "the two-step sign-in secret cannot be read with this portal's TOTP_ENCRYPTION_KEY: ask the operator to reset two-step sign-in");
  return secret;
}

/** The time step `code` is valid for within ±1 step of now, or null. */
export function stepOf(secret: string, code: string, now = nowMs()): number | null {
  const delta = totpOf(secret).validate({ token: digits(code), timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/** Takes `step` as the account's last accepted one when it is past the last: false for a replay (or an older code). */
async function takeStep(userId: string, step: number): Promise<boolean> {
  const taken = await db.user.updateMany({
    where: { id: userId, totpSecret: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return taken.count === 1;
}

/** Uses one of the account's recovery codes: false when it is not one, or was used. */
async function spendRecoveryCode(userId: string, code: string): Promise<boolean> {
  const used = await db.recoveryCode.deleteMany({ where: { userId, codeHash: recoveryHash(code) } });
  return used.count === 1;
}

/** `code` (a TOTP code or a recovery code) is valid for the account now, and is used up. */
async function acceptCode(u: TotpUser, code: string): Promise<boolean> {
  if (!isTotpCode(code)) return spendRecoveryCode(u.id, code);
  // A secret sealed under another key matches no code (a recovery code still works; the operator's reset-totp too).
  const secret = u.totpSecret ? unseal(totpKey(), u.totpSecret) : null;
  const step = secret ? stepOf(secret, code) : null;
  return step !== null && takeStep(u.id, step);
}

/** The second step of a sign-in whose password was right: `code` accepted (and used up) for an account with two-step sign-in on. */
export const acceptSignInCode = (u: TotpUser, code: string) => acceptCode(u, code);

/** Whether the account signs in with a second step. */
export const totpOn = (u: { totpEnabledAt: Date | null }) => u.totpEnabledAt !== null;

async function userOf(userId: string): Promise<TotpUser> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, totpSecret: true, totpEnabledAt: true } });
  if (!u) throw new ApiError("NOT_FOUND", "no such user");
  return u;
}

/** The account's two-step sign-in as the Account page shows it. */
export async function totpStatus(userId: string) {
  const u = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true, _count: { select: { recoveryCodes: true } } } });
  if (!u) throw new ApiError("NOT_FOUND", "no such user");
  return { enabled: u.totpEnabledAt !== null, enabledAt: u.totpEnabledAt?.toISOString() ?? null, recoveryCodesLeft: u.totpEnabledAt ? u._count.recoveryCodes : 0 };
}

/** A new secret, pending until confirmTotp: `{secret, otpauthUrl}` (a set-up not confirmed is replaced by the next). */
export async function startTotp(userId: string): Promise<{ secret: string; otpauthUrl: string }> {
  const u = await userOf(userId);
  if (totpOn(u)) throw new ApiError("CONFLICT", "two-step sign-in is already on: turn it off first to set it up again");
  const secret = new Secret({ size: 20 }).base32;
  const set = await db.user.updateMany({ where: { id: userId, totpEnabledAt: null }, data: { totpSecret: seal(totpKey(), secret), totpLastStep: null } });
  if (set.count !== 1) throw new ApiError("CONFLICT", "two-step sign-in is already on: turn it off first to set it up again");
  return { secret, otpauthUrl: totpOf(secret, u.email).toString() };
}

/** A code checked through the password guard from `address`: 403 naming the field `code` when it is not right, 429 when the guard refuses. */
async function guarded(u: TotpUser, address: string, check: () => Promise<boolean>): Promise<void> {
  const ok = await passwordGuard.attempt(address, u.email, async () => ((await check()) ? true : null), "too many codes for this account from your network");
  if (!ok) {
    const message = "the code is not right (or was used already): enter the current code from your authenticator app";
    throw new ApiError("FORBIDDEN", message, {}, [{ field: "code", message }]);
  }
}

/** Turns two-step sign-in on with a code of the pending secret: the recovery codes, shown this once. */
export async function confirmTotp(userId: string, code: string, address: string): Promise<{ recoveryCodes: string[] }> {
  const u = await userOf(userId);
  if (totpOn(u)) throw new ApiError("CONFLICT", "two-step sign-in is already on");
  if (!u.totpSecret) throw new ApiError("CONFLICT", "set up two-step sign-in first (POST /api/console/account/totp), then confirm it with a code");
  const secret = secretOf(u);
  let step: number | null = null;
  await guarded(u, address, async () => {
    step = isTotpCode(code) ? stepOf(secret, code) : null;
    return step !== null;
  });
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.$transaction(async (tx) => {
    // Only the pending secret the code was checked against, once: a second confirm (or a new set-up meanwhile) finds nothing.
    const on = await tx.user.updateMany({ where: { id: userId, totpEnabledAt: null, totpSecret: u.totpSecret }, data: { totpEnabledAt: nowDate(), totpLastStep: step } });
    if (on.count !== 1) throw new ApiError("CONFLICT", "two-step sign-in changed meanwhile: reload the page");
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId, codeHash: recoveryHash(c) })) });
    await audit(tx, { userId, action: "totp.enabled", target: u.email });
  });
  return { recoveryCodes };
}

/** Clears the account's secret, its last step and its recovery codes, with the audit entry, in one transaction. */
async function clearTotp(u: TotpUser): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: u.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: u.id } });
    await audit(tx, { userId: u.id, action: "totp.disabled", target: u.email });
  });
}

/** Turns two-step sign-in off with a code or a recovery code (checked from `address`). */
export async function disableTotp(userId: string, code: string, address: string): Promise<{ enabled: false }> {
  const u = await userOf(userId);
  if (!totpOn(u)) throw new ApiError("CONFLICT", "two-step sign-in is not on");
  await guarded(u, address, () => acceptCode(u, code));
  await clearTotp(u);
  return { enabled: false };
}

/** The operator's way out for a locked-out account (`user reset-totp --email E`): off without a code, in the account's audit. */
export async function resetTotp(userId: string): Promise<{ userId: string; email: string; totp: false }> {
  const u = await userOf(userId);
  await clearTotp(u);
  return { userId: u.id, email: u.email, totp: false };
}
