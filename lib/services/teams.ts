// Teams: a team owns apps; people belong to it with one role each. Every
// account has a team of its own (made with the account, `personalOf` it),
// where the console's and the command line's apps go unless another team is
// named. Who may call these is the role rule's (access.ts), checked by the
// caller (lib/auth/route.ts); what is counted per team (members, the owners
// left) is checked and changed under the team's row lock, so it is exact on
// any number of instances.
import { lockUser } from "@/lib/rows";
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
  });
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

/**
 * Adds `userId` with `role` under the team's lock held by `tx`: MEMBERS_PER_TEAM at most; 409 for a member already,
 * and for an account in TEAMS_PER_USER teams already (counted under its row lock, as `createTeam` counts).
 */
export async function addMember(tx: Tx, teamId: string, user: { id: string; email: string }, role: Role) {
  const userId = user.id;
  if (await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } })) throw new ApiError("CONFLICT", "you are a member of this team already");
  if ((await tx.membership.count({ where: { teamId } })) >= config.membersPerTeam) {
    throw new ApiError("CONFLICT", `a team can have at most ${config.membersPerTeam} members`);
  }
  if ((await lockUser(tx, userId)) === 0) throw new ApiError("NOT_FOUND", "no such user");
  if ((await tx.membership.count({ where: { userId } })) >= config.teamsPerUser) {
    throw new ApiError("CONFLICT", `an account can be in at most ${config.teamsPerUser} teams; leave one first`);
  }
  await tx.membership.create({ data: { teamId, userId, role } });
  await audit(tx, { teamId, action: "member.joined", target: `${user.email} ${role}` });
}

type TeamRef = { teamId: string; name: string };
/**
 * What deleting the account does to each team it is in (the deletion and the
 * confirmation that names it both read this): `deletedTeams`, which it is the
 * only member of, go with their apps; `keptTeams` stay with theirs, another
 * member left; `lastOwnerOf`, which other members are in but no other owner,
 * stop the deletion (409) until one of them is made an owner.
 */
export async function teamsOnDeletion(tx: Tx, userId: string) {
  const ms = await tx.membership.findMany({
    where: { userId },
    include: {
      team: {
        select: {
          name: true,
          apps: { where: { parentAppId: null }, orderBy: { createdAt: "asc" }, select: { id: true, name: true } },
          members: { where: { userId: { not: userId } }, select: { role: true } },
        },
      },
    },
    orderBy: { teamId: "asc" },
  });
  const deletedTeams: (TeamRef & { apps: { id: string; name: string }[] })[] = [];
  const keptTeams: TeamRef[] = [];
  const lastOwnerOf: TeamRef[] = [];
  for (const { teamId, role, team } of ms) {
    const ref = { teamId, name: team.name };
    if (team.members.length === 0) deletedTeams.push({ ...ref, apps: team.apps });
    else if (role === "owner" && !team.members.some((m) => m.role === "owner")) lastOwnerOf.push(ref);
    else keptTeams.push(ref);
  }
  return { deletedTeams, keptTeams, lastOwnerOf };
}

/** What an account's deletion does to its teams (`teamsOnDeletion`), as the confirmation names it. */
export type TeamsOnDeletion = Awaited<ReturnType<typeof teamsOnDeletion>>;

/**
 * Teams for the operators' page, the newest first, each with its members (the
 * oldest first, with their roles) and its apps: `q` keeps those whose name or
 * a member's email holds it, in any case (PostgreSQL is told so; SQLite's
 * LIKE already is, for ASCII).
 */
export async function operatorTeams(q: string | undefined, take = 50) {
  const like = (v: string) => ({ contains: v, ...(config.dialect === "postgresql" ? { mode: "insensitive" } : {}) });
  const where = q ? { OR: [{ name: like(q) }, { members: { some: { user: { email: like(q) } } } }] } : {};
  const teams = await db.team.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: {
      members: { orderBy: { createdAt: "asc" }, include: { user: { select: { email: true } } } },
      apps: { where: { parentAppId: null }, orderBy: { createdAt: "asc" }, select: { id: true, name: true, suspended: true } },
    },
  });
  return teams.map((t) => ({
    teamId: t.id,
    name: t.name,
    personal: t.personalOf !== null,
    createdAt: t.createdAt.toISOString(),
    members: t.members.map((m) => ({ userId: m.userId, email: m.user.email, role: m.role })),
    apps: t.apps,
  }));
}
export type OperatorTeam = Awaited<ReturnType<typeof operatorTeams>>[number];
