import { db } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import { checkPasswordStrength, emailSchema, passwordSchema } from "./schemas";

/** A role is stored, never derived from a string a stranger can type (such as an email). */
export type PublicUser = { id: string; email: string; operator: boolean; sessionVersion: number };

const publicUser = (u: { id: string; email: string; operator: boolean; sessionVersion: number }): PublicUser => ({
  id: u.id,
  email: u.email,
  operator: u.operator,
  sessionVersion: u.sessionVersion,
});

// Checked against when the email is unknown (or taken), so every case takes the same time.
const dummyHash = hashPassword("not-a-real-password");

export async function createUser(input: { email: unknown; password: unknown; operator?: boolean }): Promise<PublicUser> {
  const email = parseOrThrow(emailSchema, input.email);
  const password = parseOrThrow(passwordSchema, input.password);
  checkPasswordStrength(password, email);
  const passwordHash = await hashPassword(password);
  if (await db.user.findUnique({ where: { email } })) throw new ApiError("CONFLICT", "an account with this email already exists");
  const user = await db.user.create({
    data: { id: newId("usr"), email, passwordHash, operator: Boolean(input.operator) },
  });
  return publicUser(user);
}

/** Sign-ups per client address per hour (SIGNUPS_PER_HOUR): accounts cannot be made in bulk. */
const signUps = new Throttle("signup:address", 10, 3600, "SIGNUPS_PER_HOUR");

/** Sign-up from the console: counted per client address, then createUser (never an operator). */
export async function signUp(input: { email: unknown; password: unknown }, address: string): Promise<PublicUser> {
  await signUps.enforce(address, (s) => `too many sign-ups from your network; try again in ${Math.ceil(s / 60)} min`);
  return createUser({ email: input.email, password: input.password });
}

/** The user, or null when the email or the password is wrong (which one is not told). */
export async function checkPassword(email: string, password: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  return ok && user ? publicUser(user) : null;
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

/** Makes a user an operator (the command line, or an operator in the console). */
export async function grantOperator(email: string): Promise<PublicUser> {
  const u = await userByEmail(email);
  return publicUser(await db.user.update({ where: { id: u.id }, data: { operator: true } }));
}

/** Ends every session of the user: sign-out, password change and "sign out everywhere" call it. */
export async function endSessions(userId: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

/** The user, when `password` is theirs; 403 otherwise, named after the form field `field`. */
async function userWithPassword(userId: string, password: unknown, field: string) {
  const u = await db.user.findUnique({ where: { id: userId } });
  if (!u) throw new ApiError("NOT_FOUND", "no such user");
  if (typeof password !== "string" || !(await verifyPassword(password, u.passwordHash))) {
    const message = "the current password is not right";
    throw new ApiError("FORBIDDEN", message, {}, [{ field, message }]);
  }
  return u;
}

/** Changes the password after checking the current one; every session ends. */
export async function changePassword(userId: string, current: unknown, next: unknown): Promise<void> {
  const u = await userWithPassword(userId, current, "current");
  const password = parseOrThrow(passwordSchema, next, "next");
  checkPasswordStrength(password, u.email, "next");
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } } });
}

/** The account and, through the schema's cascades, its apps with their keys, tokens, logs, callbacks and inbox. */
export async function deleteAccount(userId: string, password: unknown): Promise<void> {
  await userWithPassword(userId, password, "password");
  await db.user.delete({ where: { id: userId } });
}
