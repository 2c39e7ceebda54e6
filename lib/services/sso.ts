// Single sign-on (OpenID Connect, the provider of OIDC_ISSUER): which account a
// provider's answer signs in, made by lib/auth/index.ts once Auth.js has checked
// the answer (state, PKCE, nonce, the id token's issuer, audience and expiry).
// The rule, in one place:
// - an email the provider marks `email_verified: true` signs in the account with
//   that email, or makes one (and its own team) when none has it;
// - an email not marked verified signs nobody in and makes no account: joining
//   would hand an existing account to whoever typed its email at the provider
//   (takeover), and making one would let them hold the address before its owner
//   arrives (its apps and keys waiting for the real owner to join);
// - with OIDC_OPERATOR_GROUPS set, the `groups` claim decides the operator role
//   at every sign-in: given while a listed group is there, taken when it is gone;
// - two-step sign-in (totp.ts) is the provider's to ask for: a sign-in through it
//   asks no code of the portal's.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/prisma";
import { newId } from "@/lib/ids";
import { config } from "@/lib/runtime";
import { auditAccount } from "./audit";
import { hashPassword } from "./passwords";
import { endAllSessions } from "./sessions";
import { personalTeamRows } from "./teams";
import { isVerified } from "./verification";

/** What Auth.js read from the provider (the userinfo answer): only these claims count. */
export type SsoClaims = { email?: unknown; email_verified?: unknown; groups?: unknown };

export type SsoSignIn =
  | { user: { id: string; email: string; operator: boolean; sessionVersion: number } }
  | { refused: "no-email" | "unverified" };

const groupsOf = (claims: SsoClaims): string[] =>
  Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === "string") : typeof claims.groups === "string" ? [claims.groups] : [];

/** The account the provider's claims sign in (made when need be), or why none. `address`: the client's, for the audit. */
export async function ssoSignIn(claims: SsoClaims, address: string): Promise<SsoSignIn> {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || email.length > 254 || !email.includes("@")) return { refused: "no-email" };
  const method = `single sign-on (${config.oidc?.name ?? "OIDC"})`;
  const existing = await db.user.findUnique({ where: { email } });
  if (claims.email_verified !== true) {
    if (existing) await auditAccount(existing.id, "signin.failed", `${email} by ${method}: email not verified by the provider`, { userId: null, email: null, address });
    return { refused: "unverified" };
  }
  const listed = config.oidc?.operatorGroups ?? [];
  const operator = listed.length ? groupsOf(claims).some((g) => listed.includes(g)) : undefined;
  // The provider vouched for the email: the account's email counts as verified (lib/services/verification.ts) from now on.
  const changes = { ...(operator === undefined || operator === existing?.operator ? {} : { operator }), ...(existing?.emailVerified ? {} : { emailVerified: true }) };
  const user = existing
    ? !isVerified(existing)
      ? await handOver(existing.id, changes)
      : Object.keys(changes).length === 0
        ? existing
        : await db.user.update({ where: { id: existing.id }, data: changes })
    : await makeAccount(email, operator ?? false);
  await auditAccount(user.id, "signin", `${email} by ${method}`, { userId: user.id, email, address });
  return { user: { id: user.id, email: user.email, operator: user.operator, sessionVersion: user.sessionVersion } };
}

/**
 * An account signed up on the portal with this email but never verified (where verification is required):
 * whoever signed it up need not own the email, which the provider has just vouched for. It is handed over
 * clean, in one transaction: a password nobody knows (/forgot sets one), every session, passkey, two-step
 * secret and recovery code of whoever made it gone. Its teams and apps stay (it could not change them).
 */
async function handOver(userId: string, changes: { operator?: boolean; emailVerified?: boolean }) {
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  return db.$transaction(async (tx) => {
    await endAllSessions(tx, userId);
    await tx.passkey.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    return tx.user.update({
      where: { id: userId },
      data: { ...changes, emailVerified: true, passwordHash, totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
  });
}

/** An account the provider vouched for: its own team, and a password nobody knows (/forgot sets one). */
async function makeAccount(email: string, operator: boolean) {
  const id = newId("usr");
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    const [user] = await db.$transaction([db.user.create({ data: { id, email, passwordHash, operator, emailVerified: true } }), ...personalTeamRows(id, email)]);
    return user;
  } catch (e) {
    // Two first sign-ins at once with one email: the other made the account; this one signs it in.
    const made = await db.user.findUnique({ where: { email } });
    if (made) return made;
    throw e;
  }
}
