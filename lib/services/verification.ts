// Verified email (issue 45 item 1). Hosted (lib/net/hosted.ts), or with
// REQUIRE_EMAIL_VERIFICATION=1, a signed-up account may sign in and read but
// changes nothing until it follows a one-time link mailed to its address:
// `requireVerified` is the one decision, which every console write goes
// through (lib/auth/route.ts, and the two writes outside the routes: try-it's
// live call, an invitation's acceptance). Locally (not hosted, not required)
// every account counts as verified; so do accounts the operator command line
// makes and those that existed at the migration (User.emailVerified).
//
// A link holds a random token; only its SHA-256 is stored (EmailVerification,
// with the address it verifies), valid for VERIFICATION_LINK_SECONDS (a day),
// deleted when followed (the one delete that takes the row wins a race);
// expired rows are pruned whenever a link is made. Without SMTP_URL the mail,
// link included, goes to the log (lib/mail), as recovery's does. "Send the link
// again" is throttled per account and per client address, both counted in one
// transaction on the database (lib/throttle.ts takeTogether): exact on any
// number of instances.
import { utcTime } from "@/lib/clock";
import { sha256 } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { randomToken } from "@/lib/ids";
import { queueMail } from "@/lib/mail";
import { isHosted } from "@/lib/net/hosted";
import { config, nowDate, nowMs } from "@/lib/runtime";
import { takeTogether, Throttle } from "@/lib/throttle";
import { audit } from "./audit";

/** Whether accounts must verify their email: REQUIRE_EMAIL_VERIFICATION, unset: when hosted. */
export const verificationRequired = (): boolean => config.requireEmailVerification ?? isHosted();

/** Whether the account counts as verified now (always, when verification is not required). */
export const isVerified = (user: { emailVerified: boolean }): boolean => user.emailVerified || !verificationRequired();

export const NOT_VERIFIED_MESSAGE =
  "verify your email first: follow the link we mailed you, or send it again from the console; until then you can read but not change anything";

/** The one rule: a write by an account that does not count as verified is refused (403 EMAIL_NOT_VERIFIED). */
export function requireVerified(user: { emailVerified: boolean }): void {
  if (!isVerified(user)) throw new ApiError("EMAIL_NOT_VERIFIED", NOT_VERIFIED_MESSAGE);
}

/** Links mailed again per account per hour (VERIFICATION_MAILS_PER_ACCOUNT). */
const perAccount = new Throttle("verify:account", 3, 3600, "VERIFICATION_MAILS_PER_ACCOUNT");
/** Links mailed again per client address per hour (VERIFICATION_MAILS_PER_ADDRESS). */
const perAddress = new Throttle("verify:address", 10, 3600, "VERIFICATION_MAILS_PER_ADDRESS");

/** A new link for `email` (the account's, or the one it changes to: `change`), mailed; its row keeps only the token's hash. */
export async function mailVerificationLink(userId: string, email: string, change = false): Promise<{ expiresAt: string }> {
  const token = randomToken();
  const now = nowMs();
  const expiresAt = new Date(now + config.verificationLinkSeconds * 1000);
  await db.emailVerification.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  await db.emailVerification.create({ data: { tokenHash: sha256(token), userId, email, expiresAt } });
  const link = `${config.publicUrl}/verify-email/${encodeURIComponent(token)}`;
  queueMail({
    to: email,
    subject: "Verify your email for Svc Sandbox",
    body: [
      change ? "Someone (we hope you) asked to use this address for their Svc Sandbox account." : "Someone (we hope you) signed up for Svc Sandbox with this address.",
      `Verify it with the link below. It works once, until ${utcTime(expiresAt)}.`,
      { link, label: "Verify my email" },
      change
        ? "The account keeps its current email until the link is followed. If you did not ask, ignore this mail."
        : "Until it is verified the account can read but not change anything. If you did not sign up, ignore this mail.",
    ],
  });
  return { expiresAt: expiresAt.toISOString() };
}

/**
 * "Send the link again" (POST /api/console/account/verification): a new link
 * to the account's email. 409 CONFLICT when it counts as verified already;
 * 429 RATE_LIMITED past the account's or the address's hourly mails.
 */
export async function resendVerification(user: { id: string; email: string; emailVerified: boolean }, address: string) {
  if (isVerified(user)) throw new ApiError("CONFLICT", "your email is verified already");
  const refused = await takeTogether([[perAccount, user.id], [perAddress, address]]);
  if (refused) {
    const who = refused.index === 0 ? "for this account" : "from your network";
    throw new ApiError("RATE_LIMITED", `too many verification mails ${who}; try again in ${Math.ceil(refused.retryAfter / 60)} min`, {
      "retry-after": String(refused.retryAfter),
    });
  }
  return { email: user.email, ...(await mailVerificationLink(user.id, user.email)) };
}

/**
 * A new email for the account (its password checked by the caller, users.ts `changeEmail`): where
 * verification is required, a link is mailed to the new address, which replaces the old one only
 * when it is followed (`pending`); locally it replaces it at once. 409 CONFLICT when another account
 * has it; 429 past the same hourly mails as "send the link again".
 */
export async function requestEmailChange(user: { id: string; email: string }, email: string, address: string): Promise<{ email: string; pending: boolean }> {
  if (email === user.email) throw new ApiError("CONFLICT", "this is your email already", {}, [{ field: "email", message: "this is your email already" }]);
  const taken = () => new ApiError("CONFLICT", "another account uses this email", {}, [{ field: "email", message: "another account uses this email" }]);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
  if (!verificationRequired()) {
    await db.$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
      await tx.user.update({ where: { id: user.id }, data: { email } });
      await audit(tx, { userId: user.id, action: "email.changed", target: email });
    });
    return { email, pending: false };
  }
  const refused = await takeTogether([[perAccount, user.id], [perAddress, address]]);
  if (refused) {
    throw new ApiError("RATE_LIMITED", `too many verification mails; try again in ${Math.ceil(refused.retryAfter / 60)} min`, { "retry-after": String(refused.retryAfter) });
  }
  await mailVerificationLink(user.id, email, true);
  return { email, pending: true };
}

const GONE = "this verification link has expired or was already used; sign in and send a new one from the console";
const live = (token: string) => ({ tokenHash: sha256(token), expiresAt: { gt: nowDate() } });
/** What a token looks like (lib/ids.ts randomToken: base64url): anything else is refused before the database. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The address a link verifies, or null when the link is malformed, unknown, used or expired (reading it leaves it usable). */
export async function verificationLinkEmail(token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  return (await db.emailVerification.findFirst({ where: live(token), select: { email: true } }))?.email ?? null;
}

/**
 * Follows a link: the account's address is verified (the one the link was
 * mailed to becomes the account's email), `email.verified` in its audit; the
 * link is used up by the one call whose delete takes it. A malformed, unknown,
 * used or expired link: 404 NOT_FOUND, with what to do.
 */
export async function verifyEmail(token: string, address: string | null): Promise<{ email: string }> {
  if (!TOKEN.test(token)) throw new ApiError("NOT_FOUND", "this is not a verification link: copy the whole link from the mail");
  const link = await db.emailVerification.findFirst({ where: live(token) });
  if (!link) throw new ApiError("NOT_FOUND", GONE);
  return db.$transaction(async (tx) => {
    if ((await tx.emailVerification.deleteMany({ where: live(token) })).count !== 1) throw new ApiError("NOT_FOUND", GONE);
    const taken = await tx.user.findFirst({ where: { email: link.email, id: { not: link.userId } }, select: { id: true } });
    if (taken) throw new ApiError("CONFLICT", "another account uses this email now");
    const u = await tx.user.update({ where: { id: link.userId }, data: { email: link.email, emailVerified: true } });
    await tx.emailVerification.deleteMany({ where: { userId: link.userId } });
    await audit(tx, { userId: u.id, action: "email.verified", target: u.email }, { userId: u.id, email: u.email, address });
    return { email: u.email };
  });
}
