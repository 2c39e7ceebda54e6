// Invitations to a team by mail. The link holds a random token; only its hash
// is stored (model Invitation), valid for INVITATION_SECONDS (7 days). Only the
// account with the invited email can accept it, once; an owner can revoke a
// pending one or send it again (a new link: the old one stops working). Caps,
// exact on any number of instances: pending invitations per team
// (PENDING_INVITATIONS_PER_TEAM) counted under the team's row lock; mails per
// team per hour (INVITATIONS_PER_TEAM_PER_HOUR) and per invited address per hour
// (INVITATIONS_PER_ADDRESS_PER_HOUR) counted in the same transaction, so a
// refused invitation counts nowhere. The mail goes out through lib/mail's
// queue (over SMTP_URL; without it, the link is written to the server's log).
import { utcTime } from "@/lib/clock";
import { config } from "@/lib/runtime";
import { sha256 } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newId, randomToken } from "@/lib/ids";
import { queueMail } from "@/lib/mail";
import { nowDate, nowMs } from "@/lib/runtime";
import { Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import type { Role } from "./access";
import { type Tx, withTeamLock } from "./apps";
import { audit } from "./audit";
import { emailSchema } from "./schemas";
import { addMember, pending, roleSchema } from "./teams";

const perTeam = new Throttle("invite:team", 20, 3600, "INVITATIONS_PER_TEAM_PER_HOUR");
const perAddress = new Throttle("invite:address", 3, 3600, "INVITATIONS_PER_ADDRESS_PER_HOUR");
/** The hourly mail limits as configured (the Teams docs page shows them). */
export const INVITATION_MAILS_PER_HOUR = { team: perTeam.limit, address: perAddress.limit };

const inviteUrl = (token: string) => `${config.publicUrl}/invite/${token}`;

type Inviter = { id: string; email: string };

/** Counts one mail for the team and one for the address inside `tx`; 429 RATE_LIMITED naming the one used up (the transaction's rollback gives both back). */
async function countMail(tx: Tx, teamId: string, email: string, now: number) {
  for (const [t, subject, what] of [[perTeam, teamId, `this team's ${perTeam.limit} invitations an hour`], [perAddress, email, `${perAddress.limit} invitations an hour to ${email}`]] as const) {
    const taken = await t.on(tx).take(subject, { now });
    if (!taken.allowed) {
      throw new ApiError("RATE_LIMITED", `${what} are used up; try again in ${Math.ceil(taken.retryAfter / 60)} min`, { "retry-after": String(taken.retryAfter) });
    }
  }
}

/** A new link for the invitation: its token (mailed, never stored) and expiry. */
function newLink(now: number) {
  const token = randomToken();
  return { token, tokenHash: sha256(token), expiresAt: new Date(now + config.invitationSeconds * 1000) };
}

function mail(to: string, teamName: string, role: string, inviter: Inviter, token: string, expiresAt: Date) {
  queueMail({
    to,
    subject: `Join ${teamName} on Svc Sandbox`,
    body: [
      `${inviter.email} invites you to the team ${teamName} on Svc Sandbox, as ${role === "owner" ? "an owner" : `a ${role}`}.`,
      `Sign in or sign up with this address (${to}) and follow the link below. It works once, until ${utcTime(expiresAt)}.`,
      { link: inviteUrl(token), label: `Join ${teamName}` },
      "If you did not expect this, ignore this mail: nothing happens unless you follow the link.",
    ],
  });
}

const view = (i: { id: string; email: string; role: string; expiresAt: Date }) => ({ invitationId: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString() });

/**
 * Invites `email` to the team with `role` and mails the link. 400 for a
 * malformed address or an unknown role; 409 for a member already, an address
 * with a pending invitation (send that one again) or the team's pending cap; 429 past the hourly mails.
 */
export async function invite(team: { id: string; name: string }, inviter: Inviter, input: { email: unknown; role: unknown }) {
  const email = parseOrThrow(emailSchema, input.email, "email");
  const role = parseOrThrow(roleSchema, input.role, "role");
  const now = nowMs();
  const link = newLink(now);
  const made = await withTeamLock(team.id, async (tx) => {
    if (await tx.membership.findFirst({ where: { teamId: team.id, user: { email } } })) throw new ApiError("CONFLICT", `${email} is a member of this team already`);
    const open = await tx.invitation.findMany({ where: { teamId: team.id, ...pending(new Date(now)) }, select: { email: true } });
    if (open.some((i) => i.email === email)) throw new ApiError("CONFLICT", `${email} has a pending invitation already: send it again or revoke it`);
    if (open.length >= config.pendingInvitationsPerTeam) {
      throw new ApiError("CONFLICT", `a team can have at most ${config.pendingInvitationsPerTeam} pending invitations; revoke one first`);
    }
    await countMail(tx, team.id, email, now);
    const made = await tx.invitation.create({
      data: { id: newId("inv"), teamId: team.id, email, role, tokenHash: link.tokenHash, invitedBy: inviter.id, createdAt: new Date(now), expiresAt: link.expiresAt },
    });
    await audit(tx, { teamId: team.id, action: "member.invited", target: `${email} ${role}` });
    return made;
  });
  mail(email, team.name, role, inviter, link.token, link.expiresAt);
  return view(made);
}

/** The team's pending invitation, or 404. */
async function pendingOne(tx: Tx, teamId: string, invitationId: string, now: Date) {
  const i = await tx.invitation.findFirst({ where: { id: invitationId, teamId, ...pending(now) } });
  if (!i) throw new ApiError("NOT_FOUND", `no pending invitation ${invitationId}`);
  return i;
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvitation(teamId: string, invitationId: string) {
  const now = nowDate();
  await withTeamLock(teamId, async (tx) => {
    await pendingOne(tx, teamId, invitationId, now);
    await tx.invitation.update({ where: { id: invitationId }, data: { revokedAt: now } });
  });
}

/** Sends a pending invitation again with a new link and a new expiry (the old link stops working); counted like a first mail. */
export async function resendInvitation(team: { id: string; name: string }, inviter: Inviter, invitationId: string) {
  const now = nowMs();
  const link = newLink(now);
  const updated = await withTeamLock(team.id, async (tx) => {
    const i = await pendingOne(tx, team.id, invitationId, new Date(now));
    await countMail(tx, team.id, i.email, now);
    return tx.invitation.update({ where: { id: i.id }, data: { tokenHash: link.tokenHash, expiresAt: link.expiresAt } });
  });
  mail(updated.email, team.name, updated.role, inviter, link.token, link.expiresAt);
  return view(updated);
}

/** What the link's page shows before anything is used: the pending invitation's address, role and team, or null. Reading it uses nothing up (mail scanners open links). */
export async function invitationByToken(token: string) {
  if (!token) return null;
  const i = await db.invitation.findFirst({ where: { tokenHash: sha256(token), ...pending(nowDate()) }, include: { team: { select: { name: true } } } });
  return i && { email: i.email, role: i.role, teamName: i.team.name, expiresAt: i.expiresAt };
}

const gone = () => new ApiError("NOT_FOUND", "this invitation has expired, was revoked or was already used; ask the team's owner for a new one");

/**
 * Accepts the invitation whose link holds `token`, for the signed-in account:
 * 403 FORBIDDEN when the invitation is for another address; 404 when it is
 * used, revoked or expired. The one call whose update takes it joins (a second tab gets 404).
 */
export async function acceptInvitation(user: { id: string; email: string }, token: unknown): Promise<{ teamId: string; role: Role }> {
  if (typeof token !== "string" || token === "") throw new ApiError("VALIDATION_ERROR", "token is required", {}, [{ field: "token", message: "token is required" }]);
  const now = nowDate();
  const found = await db.invitation.findFirst({ where: { tokenHash: sha256(token), ...pending(now) } });
  if (!found) throw gone();
  if (found.email !== user.email) throw new ApiError("FORBIDDEN", "this invitation is for another address: sign in with the address it was sent to");
  return withTeamLock(found.teamId, async (tx) => {
    const taken = await tx.invitation.updateMany({ where: { id: found.id, tokenHash: found.tokenHash, ...pending(now) }, data: { acceptedAt: now } });
    if (taken.count !== 1) throw gone();
    const role = roleSchema.parse(found.role);
    await addMember(tx, found.teamId, user, role);
    return { teamId: found.teamId, role };
  });
}
