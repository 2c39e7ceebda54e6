import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { emailSchema, parseOrThrow, passwordSchema } from "./schemas";

export type PublicUser = { id: string; email: string; operator: boolean };

const publicUser = (u: { id: string; email: string; operator: boolean }): PublicUser => ({
  id: u.id,
  email: u.email,
  operator: u.operator || config.operatorEmails.includes(u.email),
});

export async function createUser(input: { email: unknown; password: unknown; operator?: boolean }): Promise<PublicUser> {
  const email = parseOrThrow(emailSchema, input.email);
  const password = parseOrThrow(passwordSchema, input.password);
  if (await db.user.findUnique({ where: { email } })) throw new ApiError("CONFLICT", "an account with this email already exists");
  const user = await db.user.create({
    data: { id: newId("usr"), email, passwordHash: await hashPassword(password), operator: Boolean(input.operator) },
  });
  return publicUser(user);
}

// Checked against when the email is unknown, so both cases take the same time.
const dummyHash = hashPassword("not-a-real-password");

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

async function userWithPassword(userId: string, password: unknown) {
  const u = await db.user.findUnique({ where: { id: userId } });
  if (!u) throw new ApiError("NOT_FOUND", "no such user");
  if (typeof password !== "string" || !(await verifyPassword(password, u.passwordHash))) {
    throw new ApiError("VALIDATION_ERROR", "the current password is not right", {}, [{ field: "currentPassword", message: "the current password is not right" }]);
  }
  return u;
}

/** A new password, after the current one. */
export async function changePassword(userId: string, current: unknown, next: unknown): Promise<void> {
  await userWithPassword(userId, current);
  const password = parseOrThrow(passwordSchema, next, "newPassword");
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password) } });
}

/** The account and, through the schema's cascades, its apps with their keys, tokens, logs, callbacks and inbox. */
export async function deleteAccount(userId: string, password: unknown): Promise<void> {
  await userWithPassword(userId, password);
  await db.user.delete({ where: { id: userId } });
}
