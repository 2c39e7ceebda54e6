// Teams: a team owns apps; people belong to it with one role each. Every
// account has a team of its own (made with the account, `personalOf` it),
// where the console's and the command line's apps go unless another team is named.
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Role } from "./access";


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
