// Teams: a team owns apps; people belong to it with one role each. Every
// account has a team of its own (made with the account, `personalOf` it),
// where the console's and the command line's apps go unless another team is
// named. Who may call these is the role rule's (access.ts), checked by the
// caller (lib/auth/route.ts); what is counted per team (members, the owners
// left) is checked and changed under the team's row lock, so it is exact on
// any number of instances.
import { lockUser } from "@/lib/accounts";
import { config } from "@/lib/runtime";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { parseOrThrow } from "@/lib/validation";
import { z } from "zod";
import { ROLES, type Role } from "./access";
import { type Tx, withTeamLock } from "./apps";
import { audit } from "./audit";
import { appNameSchema } from "./schemas";

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });

/** The statements that make the account `userId`'s own team, named after its email (at most 64 characters, the label rule's length), for the transaction that makes the account. */
export function personalTeamRows(userId: string, email: string) {
  const teamId = newId("team");
  return [
    db.team.create({ data: { id: teamId, name: email.slice(0, 64), personalOf: userId } }),
    db.membership.create({ data: { teamId, userId, role: "owner" satisfies Role } }),
  ] as const;
}

/** The id of the account's own team. */
export async function ownTeamId(userId: string): Promise<string> {
  const team = await db.team.findUnique({ where: { personalOf: userId }, select: { id: true } });
  if (!team) throw new ApiError("NOT_FOUND", "no such user");
  return team.id;
}

/** The teams the account is in, with its role in each; its own first, then by name. */
export async function listTeams(userId: string) {
  const ms = await db.membership.findMany({ where: { userId }, include: { team: { select: { name: true, personalOf: true } } } });
  return ms
    .sort((a, b) => Number(b.team.personalOf === userId) - Number(a.team.personalOf === userId) || a.team.name.localeCompare(b.team.name))
    .map((m) => ({ teamId: m.teamId, name: m.team.name, role: m.role, personal: m.team.personalOf === userId }));
}

/** A new team named `name` (the label rule apps follow), its owner the account; TEAMS_PER_USER teams at most, counted under the account's row lock. */
export async function createTeam(userId: string, name: unknown) {
  const n = parseOrThrow(appNameSchema, name, "name");
  return db.$transaction(async (tx) => {
    if ((await lockUser(tx, userId)) === 0) throw new ApiError("NOT_FOUND", "no such user");
    if ((await tx.membership.count({ where: { userId } })) >= config.teamsPerUser) {
      throw new ApiError("CONFLICT", `an account can be in at most ${config.teamsPerUser} teams; leave one first`);
    }
    const team = await tx.team.create({ data: { id: newId("team"), name: n, members: { create: { userId, role: "owner" } } } });
    return { teamId: team.id, name: team.name, role: "owner" as Role };
  }, { maxWait: 15_000, timeout: 15_000 });
}

/** The team's members (the oldest first) and its pending invitations. */
export async function teamMembers(teamId: string, now: Date) {
  const [members, invitations] = await Promise.all([
    db.membership.findMany({ where: { teamId }, orderBy: { createdAt: "asc" }, include: { user: { select: { email: true } } } }),
    db.invitation.findMany({ where: { teamId, ...pending(now) }, orderBy: { createdAt: "asc" } }),
  ]);
  return {
    members: members.map((m) => ({ userId: m.userId, email: m.user.email, role: m.role })),
    invitations: invitations.map((i) => ({ invitationId: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString() })),
  };
}

/** Prisma filter of the invitations still pending at `now`. */
export const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

const notMember = (userId: string) => new ApiError("CONFLICT", `${userId} is not a member of this team`);
const lastOwner = () => new ApiError("CONFLICT", "a team needs an owner: make another member an owner first");

/** The member's row under the team's lock, and whether they are its only owner. */
async function memberIn(tx: Tx, teamId: string, userId: string) {
  const m = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } }, include: { user: { select: { email: true } } } });
  if (!m) throw notMember(userId);
  const soleOwner = m.role === "owner" && (await tx.membership.count({ where: { teamId, role: "owner" } })) === 1;
  return { m, soleOwner };
}

/** Gives the member `role`; the last owner cannot become anything else (409). */
export async function changeRole(teamId: string, userId: string, role: unknown) {
  const r = parseOrThrow(roleSchema, role, "role");
  return withTeamLock(teamId, async (tx) => {
    const { m, soleOwner } = await memberIn(tx, teamId, userId);
    if (soleOwner && r !== "owner") throw lastOwner();
    await tx.membership.update({ where: { teamId_userId: { teamId, userId } }, data: { role: r } });
    await audit(tx, { teamId, action: "member.role_changed", target: `${m.user.email} ${m.role} → ${r}` });
    return { userId, email: m.user.email, role: r };
  });
}

/** Removes the member (an owner removing anyone, or a member leaving); the last owner cannot go (409). */
export async function removeMember(teamId: string, userId: string) {
  await withTeamLock(teamId, async (tx) => {
    const { m, soleOwner } = await memberIn(tx, teamId, userId);
    if (soleOwner) throw lastOwner();
    await tx.membership.delete({ where: { teamId_userId: { teamId, userId } } });
    await audit(tx, { teamId, action: "member.removed", target: m.user.email });
  });
}

export type TeamsOnDeletion = {
  /** The teams the account is the only member of: they go with it, with their apps (throwaway sandboxes not named; they go too). */
  deleted: { teamId: string; name: string; apps: { appId: string; name: string }[] }[];
  /** The teams it is the only owner of while others are members: they would be left without one, so the deletion waits for another owner. */
  ownerNeeded: { teamId: string; name: string }[];
};

/** What deleting the account `userId` does to its teams (read in `tx`, the deletion's own transaction, or for its confirmation); every other team stays, with its apps. */
export async function teamsOnDeletion(userId: string, tx: Tx | typeof db = db): Promise<TeamsOnDeletion> {
  const ms = await tx.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { team: { select: { name: true, members: { select: { role: true } }, apps: { where: { parentAppId: null }, orderBy: { createdAt: "asc" }, select: { id: true, name: true } } } } },
  });
  return {
    deleted: ms.filter((m) => m.team.members.length === 1)
      .map((m) => ({ teamId: m.teamId, name: m.team.name, apps: m.team.apps.map((a) => ({ appId: a.id, name: a.name })) })),
    ownerNeeded: ms.filter((m) => m.team.members.length > 1 && m.role === "owner" && m.team.members.filter((x) => x.role === "owner").length === 1)
      .map((m) => ({ teamId: m.teamId, name: m.team.name })),
  };
}

/** Adds `userId` with `role` under the team's lock held by `tx`: MEMBERS_PER_TEAM at most; 409 for a member already. */
export async function addMember(tx: Tx, teamId: string, user: { id: string; email: string }, role: Role) {
  const userId = user.id;
  if (await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } })) throw new ApiError("CONFLICT", "you are a member of this team already");
  if ((await tx.membership.count({ where: { teamId } })) >= config.membersPerTeam) {
    throw new ApiError("CONFLICT", `a team can have at most ${config.membersPerTeam} members`);
  }
  await tx.membership.create({ data: { teamId, userId, role } });
  await audit(tx, { teamId, action: "member.joined", target: `${user.email} ${role}` });
}
