// Two-step sign-in's rule (lib/services/totp.ts) on a database of its own
// (a temporary SQLite file, migrated) and a ManualClock: codes computed here
// with otpauth, as an authenticator app computes them. A code is accepted once
// (its step must be past the last accepted), within ±1 step; recovery codes
// work once each; the secret is stored sealed, not as itself.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpKey } from "@/lib/auth-secret";
import { ManualClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { seal, unseal } from "@/lib/crypto";
import { applyMigrations } from "@/lib/db/migrate";
import { db, disconnectDb } from "@/lib/db/prisma";
import { enter, Runtime } from "@/lib/runtime";
import { listAudit } from "@/lib/services/audit";
import { confirmTotp, disableTotp, resetTotp, startTotp, totpStatus } from "@/lib/services/totp";
import { checkSignIn, createUser } from "@/lib/services/users";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "totp-unit-"));
const env = { DATABASE_URL: `file:${path.join(dir, "t.db")}`, DATA_DIR: dir, AUTH_SECRET: "the-auth-secret-of-this-test-0123456789" };
const clock = new ManualClock();
const rt = new Runtime(clock, makeConfig(env));
/** Runs a test's body in this file's runtime (its database, its clock). */
const inRt = (fn: () => unknown) => () => enter(rt, fn);

const PASSWORD = "correct horse battery staple";
const code = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: clock.now() + offsetSteps * 30_000 });
/**
 * Moves the clock to 1 s into the next 30 s step: what follows has the step's 29 s before
 * the next boundary (the clock also moves with real time), so "±1 step" means what it says.
 */
const nextStep = () => clock.advance(30_000 - (clock.now() % 30_000) + 1000);
let n = 0;
/** A fresh account (its own throttle counts) and an address of its own. */
async function account() {
  n += 1;
  const email = `totp-${n}-${process.pid}@example.com`;
  const user = await createUser({ email, password: PASSWORD });
  return { user, email, address: `10.9.${n}.1` };
}
/** An account with two-step sign-in on: its secret and its recovery codes. */
async function withTotp() {
  const a = await account();
  const { secret, otpauthUrl } = await startTotp(a.user.id);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*\?.*secret=/);
  const { recoveryCodes } = await confirmTotp(a.user.id, code(secret), a.address);
  // The confirming code's step is taken: two steps on, the code of one step before now is a new one too.
  nextStep();
  nextStep();
  return { ...a, secret, recoveryCodes };
}

beforeAll(inRt(async () => {
  await applyMigrations();
}));
afterAll(inRt(async () => {
  await disconnectDb();
  fs.rmSync(dir, { recursive: true, force: true });
}));

describe("two-step sign-in", () => {
  it("is pending until a code confirms it, then gives 10 recovery codes and is in the account's audit", inRt(async () => {
    const a = await account();
    const { secret } = await startTotp(a.user.id);
    expect(await totpStatus(a.user.id)).toMatchObject({ enabled: false });
    // Pending: the password alone still signs in.
    expect(await checkSignIn(a.email, PASSWORD, "", a.address)).toHaveProperty("user");
    await expect(confirmTotp(a.user.id, code(secret, 2), a.address)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { recoveryCodes } = await confirmTotp(a.user.id, code(secret), a.address);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await totpStatus(a.user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await expect(startTotp(a.user.id)).rejects.toMatchObject({ code: "CONFLICT" });
    const { entries } = await listAudit({ userId: a.user.id }, {});
    expect(entries.map((e) => e.action)).toContain("totp.enabled");
  }));

  it("with it on, a password alone is refused as needing a code; a wrong password stays a wrong password", inRt(async () => {
    const a = await withTotp();
    expect(await checkSignIn(a.email, PASSWORD, "", a.address)).toEqual({ refused: "code-needed" });
    expect(await checkSignIn(a.email, "not the password", code(a.secret), a.address)).toEqual({ refused: "password" });
    expect(await checkSignIn(a.email, PASSWORD, "000000" === code(a.secret) ? "111111" : "000000", a.address)).toEqual({ refused: "code" });
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret), a.address)).toMatchObject({ user: { id: a.user.id } });
  }));

  it("accepts a code once: the same code again, or an older one, is refused", inRt(async () => {
    const a = await withTotp();
    const now = code(a.secret);
    expect(await checkSignIn(a.email, PASSWORD, now, a.address)).toHaveProperty("user");
    expect(await checkSignIn(a.email, PASSWORD, now, a.address)).toEqual({ refused: "code" });
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret, -1), a.address)).toEqual({ refused: "code" });
    nextStep();
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret), a.address)).toHaveProperty("user");
  }));

  it("accepts a code one step early or late, not two", inRt(async () => {
    const a = await withTotp();
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret, -2), a.address)).toEqual({ refused: "code" });
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret, 2), a.address)).toEqual({ refused: "code" });
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret, -1), a.address)).toHaveProperty("user");
    nextStep();
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret, 1), a.address)).toHaveProperty("user");
  }));

  it("two sign-ins with the same code at once: one is accepted", inRt(async () => {
    const a = await withTotp();
    const c = code(a.secret);
    const outcomes = await Promise.all([0, 1, 2].map(() => checkSignIn(a.email, PASSWORD, c, a.address)));
    expect(outcomes.filter((o) => "user" in o)).toHaveLength(1);
  }));

  it("a recovery code signs in once, in any case and with or without its dash", inRt(async () => {
    const a = await withTotp();
    const [first, second] = a.recoveryCodes as [string, string];
    expect(await checkSignIn(a.email, PASSWORD, first, a.address)).toHaveProperty("user");
    expect(await checkSignIn(a.email, PASSWORD, first, a.address)).toEqual({ refused: "code" });
    expect(await checkSignIn(a.email, PASSWORD, second.toUpperCase().replace("-", ""), a.address)).toHaveProperty("user");
    expect(await totpStatus(a.user.id)).toMatchObject({ recoveryCodesLeft: 8 });
    expect(await checkSignIn(a.email, PASSWORD, "zzzzz-zzzzz", a.address)).toEqual({ refused: "code" });
  }));

  it("wrong codes count with the password guard: past 5 from one address the account is refused there", inRt(async () => {
    const a = await withTotp();
    const wrong = code(a.secret) === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) expect(await checkSignIn(a.email, PASSWORD, wrong, a.address)).toEqual({ refused: "code" });
    await expect(checkSignIn(a.email, PASSWORD, code(a.secret), a.address)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another address is not refused.
    expect(await checkSignIn(a.email, PASSWORD, code(a.secret), "10.200.0.1")).toHaveProperty("user");
  }));

  it("turning it off needs a code (or a recovery code), and is in the account's audit", inRt(async () => {
    const a = await withTotp();
    await expect(disableTotp(a.user.id, "000000" === code(a.secret) ? "111111" : "000000", a.address)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await disableTotp(a.user.id, a.recoveryCodes[3]!, a.address)).toEqual({ enabled: false });
    expect(await totpStatus(a.user.id)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await checkSignIn(a.email, PASSWORD, "", a.address)).toHaveProperty("user");
    await expect(disableTotp(a.user.id, code(a.secret), a.address)).rejects.toMatchObject({ code: "CONFLICT" });
    const { entries } = await listAudit({ userId: a.user.id }, {});
    expect(entries.map((e) => e.action)).toContain("totp.disabled");
  }));

  it("the operator's reset turns it off without a code", inRt(async () => {
    const a = await withTotp();
    expect(await resetTotp(a.user.id)).toEqual({ userId: a.user.id, email: a.email, totp: false });
    expect(await checkSignIn(a.email, PASSWORD, "", a.address)).toHaveProperty("user");
    const { entries } = await listAudit({ userId: a.user.id }, { action: "totp.disabled" });
    expect(entries[0]).toMatchObject({ actor: null, target: a.email });
  }));
});

describe("the secret at rest", () => {
  it("is stored sealed with AES-256-GCM, not as itself, and opens with the portal's key only", inRt(async () => {
    const a = await account();
    const { secret } = await startTotp(a.user.id);
    const stored = (await db.user.findUniqueOrThrow({ where: { id: a.user.id } })).totpSecret!;
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/^v1\./);
    expect(unseal(totpKey(), stored)).toBe(secret);
    // Another TOTP_ENCRYPTION_KEY (or another auth secret) opens nothing.
    const other = enter(new Runtime(clock, makeConfig({ ...env, TOTP_ENCRYPTION_KEY: "another-key-of-at-least-32-characters!!" })), totpKey);
    expect(unseal(other, stored)).toBeNull();
  }));

  it("seal/unseal: a round trip, a fresh IV each time, a changed byte refused", inRt(() => {
    const key = totpKey();
    const a = seal(key, "JBSWY3DPEHPK3PXP");
    expect(seal(key, "JBSWY3DPEHPK3PXP")).not.toBe(a);
    expect(unseal(key, a)).toBe("JBSWY3DPEHPK3PXP");
    const parts = a.split(".");
    const data = Buffer.from(parts[2]!, "base64url");
    data[0] = data[0]! ^ 1;
    expect(unseal(key, [parts[0], parts[1], data.toString("base64url"), parts[3]].join("."))).toBeNull();
    expect(unseal(key, "not sealed")).toBeNull();
  }));

  it("TOTP_ENCRYPTION_KEY shorter than 32 characters is refused at start", inRt(() => {
    expect(() => makeConfig({ TOTP_ENCRYPTION_KEY: "short" })).toThrow(/TOTP_ENCRYPTION_KEY must be at least 32 characters/);
  }));
});
