import { lockTeam } from "@/lib/rows";
import { db } from "@/lib/db/prisma";
import { ApiError, isDatabaseUnavailable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { nowMs } from "@/lib/runtime";
import { Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import { HashingBusy, hashPassword, rehashAtSettingCost, unmatchableHash, verifyPassword } from "./passwords";
import { audit, auditAccount } from "./audit";
import { passwordGuard } from "./signin-guard";
import { acceptSignInCode, totpOn } from "./totp";
import { endAllSessions, userOfSession } from "./sessions";
import { personalTeamRows, teamsOnDeletion } from "./teams";
import { mailVerificationLink, requestEmailChange, verificationRequired } from "./verification";
import { checkPasswordStrength, emailSchema, passwordSchema } from "./schemas";

/** A role is stored, never derived from a string a stranger can type (such as an email). */
/** `emailVerified`: whether it followed a mailed link (what counts is verification.ts `isVerified`). */
export type PublicUser = { id: string; email: string; operator: boolean; sessionVersion: number; emailVerified: boolean };

export const publicUser = (u: { id: string; email: string; operator: boolean; sessionVersion: number; emailVerified: boolean }): PublicUser => ({
  id: u.id,
  email: u.email,
  operator: u.operator,
  sessionVersion: u.sessionVersion,
  emailVerified: u.emailVerified,
});

/** `emailVerified`: false for a sign-up (verification.ts), true for the operator command line's accounts. */
export async function createUser(input: { email: unknown; password: unknown; operator?: boolean; emailVerified?: boolean }): Promise<PublicUser> {
  const email = parseOrThrow(emailSchema, input.email);
  const password = parseOrThrow(passwordSchema, input.password);
  checkPasswordStrength(password, email);
  const passwordHash = await hashPassword(password);
  if (await db.user.findUnique({ where: { email } })) throw new ApiError("CONFLICT", "an account with this email already exists");
  const id = newId("usr");
  // The account and its own team (teams.ts), of which it is the owner, together.
  const [user] = await db.$transaction([
    db.user.create({ data: { id, email, passwordHash, operator: Boolean(input.operator), emailVerified: input.emailVerified ?? true } }),
    ...personalTeamRows(id, email),
  ]);
  return publicUser(user);
}

/** Sign-ups per client address per hour (SIGNUPS_PER_HOUR): accounts cannot be made in bulk. */
const signUps = new Throttle("signup:address", 10, 3600, "SIGNUPS_PER_HOUR");

/**
 * Sign-up from the console: counted per client address, then createUser (never
 * an operator, its email not verified); when verification is required, the link is mailed.
 * A sign-up the portal was too busy for (its password checks, its database) made no account
 * and gives its place back, as the sign-in guard does: sent again, it is not counted twice.
 */
export async function signUp(input: { email: unknown; password: unknown }, address: string): Promise<PublicUser> {
  const now = nowMs();
  await signUps.enforce(address, (s) => `too many sign-ups from your network; try again in ${Math.ceil(s / 60)} min`, now);
  const user = await createUser({ email: input.email, password: input.password, emailVerified: false }).catch(async (e: unknown) => {
    if (e instanceof HashingBusy || isDatabaseUnavailable(e)) await signUps.refund(address, { now });
    throw e;
  });
  if (verificationRequired()) await mailVerificationLink(user.id, user.email);
  return user;
}

/** A sign-in's outcome: the user, or why not (a wrong password and an unknown email are one answer). */
export type SignIn = { user: PublicUser } | { refused: "password" | "code" | "code-needed" };

/**
 * Sign-in: the password, then, with two-step sign-in on (totp.ts), `code` (a
 * TOTP code or an unused recovery code). A right password without a code is
 * refused with "code-needed" and counts as no failure; a wrong password or a
 * wrong code counts as one. 429 RATE_LIMITED when the guard refuses this
 * address for this account now (HashingBusy when the hashing queue is full).
 */
export async function checkSignIn(email: string, password: string, code: string, address: string): Promise<SignIn> {
  const e = email.trim().toLowerCase();
  let refused: "password" | "code" = "password";
  // The account whose password or code was wrong. Its entry is written once the guard has counted
  // the attempt: a failed write after the check must not give the attempt back (the guard gives back
  // what throws inside it, for a check that could not be made).
  let failedFor: { id: string; email: string } | null = null;
  const outcome = await passwordGuard.attempt(address, e, async (): Promise<SignIn | null> => {
    const user = await db.user.findUnique({ where: { email: e } });
    // An unknown email is checked against a hash no password matches, so both cases take the same time.
    const ok = await verifyPassword(password, user?.passwordHash ?? unmatchableHash());
    if (!ok || !user) {
      failedFor = user;
      return null;
    }
    if (totpOn(user)) {
      if (!code.trim()) return { refused: "code-needed" };
      if (!(await acceptSignInCode(user, code))) {
        refused = "code";
        failedFor = user;
        return null;
      }
    }
    const rehashed = await rehashAtSettingCost(password, user.passwordHash);
    if (rehashed) await replaceHash(user.id, user.passwordHash, rehashed);
    return { user: publicUser(user) };
  }, "too many sign-ins for this account from your network");
  // The account's log: each sign-in and each failure, with the address ("was this you?").
  const failed = failedFor as { id: string; email: string } | null;
  if (failed) await auditAccount(failed.id, "signin.failed", failed.email, { userId: null, email: null, address });
  if (outcome && "user" in outcome) await auditAccount(outcome.user.id, "signin", outcome.user.email, { userId: outcome.user.id, email: outcome.user.email, address });
  return outcome ?? { refused };
}

/** The user of a live console session (sessions.ts `userOfSession`: one statement), or null. */
export async function sessionUser(id: string, sessionId: string): Promise<PublicUser | null> {
  const u = await userOfSession(id, sessionId);
  return u ? publicUser(u) : null;
}

export async function getUser(id: string): Promise<PublicUser | null> {
  const u = await db.user.findUnique({ where: { id } });
  return u ? publicUser(u) : null;
}

export async function userByEmail(email: string): Promise<PublicUser> {
  const u = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!u) throw new ApiError("NOT_FOUND", `no user with email ${email}`);
  return publicUser(u);
}

/** Operators: users, newest first (never their password hashes), a page of `take` after `cursor`. */
export async function listUsers(opts: { take?: number; cursor?: string } = {}) {
  const users = await db.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.take ?? 50,
    ...(opts.cursor ? { cursor: { id: opts.cursor }, skip: 1 } : {}),
    select: { id: true, email: true, operator: true, createdAt: true, personalTeam: { select: { _count: { select: { apps: true } } } } },
  });
  // `apps`: those of the account's own team.
  return users.map(({ personalTeam, ...u }) => ({ ...u, apps: personalTeam?._count.apps ?? 0 }));
}

/** Makes a user an operator (the command line, or an operator in the console). */
export async function grantOperator(email: string): Promise<PublicUser> {
  const u = await userByEmail(email);
  return publicUser(await db.user.update({ where: { id: u.id }, data: { operator: true } }));
}

/** Ends every session of the user: password change and "sign out everywhere" call it (their records go, sessions.ts). */
export async function endSessions(userId: string): Promise<void> {
  await db.$transaction((tx) => endAllSessions(tx, userId));
}

/**
 * The user, when `password` is theirs (checked through the sign-in guard, from
 * `address`); 403 otherwise, named after the form field `field`; 429 when the guard refuses.
 */
async function userWithPassword(userId: string, password: unknown, field: string, address: string) {
  const u = await db.user.findUnique({ where: { id: userId } });
  if (!u) throw new ApiError("NOT_FOUND", "no such user");
  const checked = await passwordGuard.attempt(
    address, u.email,
    async () => (typeof password === "string" && (await verifyPassword(password, u.passwordHash)) ? u : null),
    "too many password attempts for this account from your network",
  );
  if (!checked) {
    const message = "the current password is not right";
    throw new ApiError("FORBIDDEN", message, {}, [{ field, message }]);
  }
  return checked;
}

/**
 * A new email for the account after checking its password (from `address`): verified before it
 * replaces the old one where verification is required (verification.ts `requestEmailChange`).
 */
export async function changeEmail(userId: string, password: unknown, next: unknown, address: string) {
  const u = await userWithPassword(userId, password, "password", address);
  return requestEmailChange(u, parseOrThrow(emailSchema, next, "email"), address);
}

/** Changes the password after checking the current one (from `address`); every session ends. */
export async function changePassword(userId: string, current: unknown, next: unknown, address: string): Promise<void> {
  const u = await userWithPassword(userId, current, "current", address);
  const password = parseOrThrow(passwordSchema, next, "next");
  checkPasswordStrength(password, u.email, "next");
  await setPassword(userId, await hashPassword(password), "password.changed");
}

/** Stores a new password hash and ends every session of the user: a password change and a reset (lib/services/recovery.ts) both end here, each with its entry in the account's log. */
export async function setPassword(userId: string, passwordHash: string, action: "password.changed" | "password.reset"): Promise<void> {
  await db.$transaction(async (tx) => {
    const u = await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endAllSessions(tx, userId);
    await audit(tx, { userId, action, target: u.email });
  });
}

/** The same password's hash at another cost (passwords.ts `rehashAtSettingCost`): no session ends, no entry; unless the password changed since `checked` was read. */
async function replaceHash(userId: string, checked: string, passwordHash: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId, passwordHash: checked }, data: { passwordHash } });
}

/**
 * Deletes the account (its memberships go through the schema's cascades). Each
 * team it is in, locked in id order: one it was the only member of goes with its
 * apps and their keys, tokens, logs, callbacks and inbox; one with another member
 * stays with its apps, with a `member.removed` entry; one it is the last owner of
 * beside other members refuses the deletion (409), as leaving it would.
 * `expected`: the ids of the teams the confirmation named as going; when what
 * would go is no longer that (a member joined or left since), 409 and nothing happens.
 */
export async function deleteAccount(userId: string, password: unknown, address: string, expected?: unknown) {
  const u = await userWithPassword(userId, password, "password", address);
  return db.$transaction(async (tx) => {
    for (const m of await tx.membership.findMany({ where: { userId }, orderBy: { teamId: "asc" }, select: { teamId: true } })) await lockTeam(tx, m.teamId);
    const { deletedTeams, keptTeams, lastOwnerOf } = await teamsOnDeletion(tx, userId);
    if (lastOwnerOf.length > 0) {
      const names = lastOwnerOf.map((t) => `"${t.name}"`).join(", ");
      throw new ApiError("CONFLICT", `you are the last owner of ${names}, which other members are in: make one of them an owner first`);
    }
    const ids = deletedTeams.map((t) => t.teamId);
    if (Array.isArray(expected) && (expected.length !== ids.length || !ids.every((id) => expected.includes(id)))) {
      throw new ApiError("CONFLICT", "the teams that would be deleted changed since the confirmation: reload the page and confirm again");
    }
    for (const t of keptTeams) await audit(tx, { teamId: t.teamId, action: "member.removed", target: u.email });
    await tx.team.deleteMany({ where: { id: { in: ids } } });
    await tx.user.delete({ where: { id: userId } });
    return deletedTeams;
  });
}

/** What deleting the account would do to its teams, for the confirmation to name (teams.ts `teamsOnDeletion`). */
export const accountDeletionPlan = (userId: string) => db.$transaction((tx) => teamsOnDeletion(tx, userId));
