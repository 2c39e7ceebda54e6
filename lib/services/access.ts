// The role rule: who may do what to a team and its apps, in one place. Every
// console route (lib/auth/route.ts), console page (lib/auth/session.ts),
// try-it call as an app (lib/tryit) and operator view goes through
// `authorize`, which reads the actor's membership in the same request (no
// grant is cached: a removal or a lower role counts from the next request on,
// on every instance). A stranger, or a member once removed, learns nothing:
// 404 as for an id that does not exist. A member whose role does not allow the
// action: 403 FORBIDDEN. The developer API and the gateway act as the app,
// through its keys, and never come here.
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { type Action, isRole, type Role, refusal } from "./roles";
import { liveApps } from "./sandbox-life";

export { ALLOWED, type Action, may, refusal, ROLES, type Role } from "./roles";

/** The rule on a role already read (null: not a member): the 404 `notFound` or a 403 FORBIDDEN naming the role, else the role. */
function decide(role: string | null, action: Action, notFound: () => ApiError): Role {
  if (role === null || !isRole(role)) throw notFound();
  const refused = refusal(role, action);
  if (refused) throw new ApiError("FORBIDDEN", refused);
  return role;
}

export type Actor = { id: string };

/**
 * The app (live: not an ended throwaway sandbox) when `actor` may do `action`
 * to it, with the actor's role; NOT_FOUND for a stranger, FORBIDDEN for a
 * role that does not allow it. One statement: the app and the actor's membership.
 */
export async function authorizeApp(actor: Actor, appId: string, action: Action) {
  const found = await db.app.findFirst({
    where: { id: appId, ...liveApps() },
    include: { team: { select: { name: true, members: { where: { userId: actor.id }, select: { role: true } } } } },
  });
  const role = decide(found?.team.members[0]?.role ?? null, action, () => new ApiError("NOT_FOUND", `no app ${appId}`));
  const { team, ...app } = found!;
  return { app, role, teamName: team.name };
}

/** The team with the actor's role when `actor` may do `action` there; NOT_FOUND for a stranger, FORBIDDEN otherwise. */
export async function authorizeTeam(actor: Actor, teamId: string, action: Action) {
  const m = await db.membership.findUnique({ where: { teamId_userId: { teamId, userId: actor.id } }, include: { team: true } });
  const role = decide(m?.role ?? null, action, () => new ApiError("NOT_FOUND", `no team ${teamId}`));
  return { team: m!.team, role };
}

/** Operators' views (every app, reviews, suspensions): another user gets 404, as for a page that does not exist. */
export function authorizeOperator(actor: { operator: boolean }): void {
  if (!actor.operator) throw new ApiError("NOT_FOUND", "no such page");
}
