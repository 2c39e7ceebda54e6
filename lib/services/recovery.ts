// Account recovery: a one-time link to choose a new password. The link holds a
// random token; only its hash is stored (model PasswordReset), valid for
// RESET_LINK_SECONDS (an hour), deleted when used, and rows past their expiry are
// pruned whenever a link is made. Asking for a link (/forgot) answers the same
// whether or not the email has an account, and is throttled per client address
// and per email; the mail goes out through lib/mail's queue, so the answer takes
// the same time either way. The operator command line makes links through the same
// `issueLink` and prints them instead of mailing them.
import { utcTime } from "@/lib/clock";
import { sha256 } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { ApiError, isApiError } from "@/lib/errors";
import { randomToken } from "@/lib/ids";
import { queueMail } from "@/lib/mail";
import { Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import { hashPassword } from "./passwords";
import { checkPasswordStrength, emailSchema, passwordSchema } from "./schemas";
import { setPassword, userByEmail } from "./users";
import { config, nowDate, nowMs } from "@/lib/runtime";

/** Link requests per client address per hour (RESET_REQUESTS_PER_ADDRESS): refused past it, with a message. */
const perAddress = new Throttle("reset:address", 10, 3600, "RESET_REQUESTS_PER_ADDRESS");
/** Link mails per email per hour (RESET_MAILS_PER_ACCOUNT): past it the answer is the same and no mail goes out. */
const perAccount = new Throttle("reset:account", 3, 3600, "RESET_MAILS_PER_ACCOUNT");

export type ResetLink = { email: string; resetUrl: string; expiresAt: string };

/** A new link for the user with `email` (404 NOT_FOUND when there is none): the command line's `user reset-link`. */
export async function issueLink(email: string): Promise<ResetLink> {
  const user = await userByEmail(email);
  const token = randomToken();
  const now = nowMs();
  const expiresAt = new Date(now + config.resetLinkSeconds * 1000);
  await db.passwordReset.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  await db.passwordReset.create({ data: { tokenHash: sha256(token), userId: user.id, expiresAt } });
  return { email: user.email, resetUrl: `${config.publicUrl}/reset?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
}

/**
 * /forgot: mails a link when `email` has an account and its hourly mails are
 * not used up; answers nothing either way. 400 VALIDATION_ERROR for an input
 * that is not an email; 429 RATE_LIMITED past this address's requests.
 */
export async function requestReset(email: unknown, address: string): Promise<void> {
  const e = parseOrThrow(emailSchema, email, "email");
  await perAddress.enforce(address, (s) => `too many reset requests from your network; try again in ${Math.ceil(s / 60)} min`);
  const taken = await perAccount.take(e);
  if (!taken.allowed) return void (await perAccount.refund(e));
  let link: ResetLink;
  try {
    link = await issueLink(e);
  } catch (err) {
    if (isApiError(err) && err.code === "NOT_FOUND") return; // no account: the same answer, nothing sent
    throw err;
  }
  queueMail({ to: link.email, subject: "Reset your Svc Sandbox password", body: mailBody(link) });
}

/** The reset mail's words; the expiry as the console writes a time for a reader whose zone is unknown (UTC, lib/clock.ts). */
const mailBody = (link: ResetLink) => [
  "Someone (we hope you) asked to reset the password of your Svc Sandbox account.",
  `Choose a new password with the link below. It works once, until ${utcTime(new Date(link.expiresAt))}.`,
  { link: link.resetUrl, label: "Choose a new password" },
  "Choosing a new password signs you out everywhere. If you did not ask, ignore this mail: your password stays as it is.",
];

const live = (token: string) => ({ tokenHash: sha256(token), expiresAt: { gt: nowDate() } });

const liveLink = (token: string) =>
  token ? db.passwordReset.findFirst({ where: live(token), include: { user: { select: { email: true } } } }) : null;

/** The email of the account a link resets, or null when the link is unknown, used or expired. */
export async function resetLinkEmail(token: string): Promise<string | null> {
  return (await liveLink(token))?.user.email ?? null;
}

/**
 * Sets the password a link resets and ends every session of the account
 * (lib/services/users.ts setPassword). The link is used up by the one call
 * whose delete takes it; any other (a reuse, a second tab, an expired link) gets 404 NOT_FOUND.
 */
export async function resetPassword(token: string, password: unknown): Promise<{ email: string }> {
  const link = await liveLink(token);
  if (!link) throw linkGone();
  const p = parseOrThrow(passwordSchema, password, "password");
  checkPasswordStrength(p, link.user.email, "password");
  const hash = await hashPassword(p);
  if ((await db.passwordReset.deleteMany({ where: live(token) })).count !== 1) throw linkGone();
  await setPassword(link.userId, hash, "password.reset");
  await db.passwordReset.deleteMany({ where: { userId: link.userId } }); // the account's other links end with the old password
  return { email: link.user.email };
}

const linkGone = () => new ApiError("NOT_FOUND", "this reset link has expired or was already used; ask for a new one");
