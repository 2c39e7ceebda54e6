import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { createTeam, listTeams } from "@/lib/services/teams";

/** The teams the signed-in account is in, with its role in each. */
export const GET = userRoute({}, async ({ user }) => ({ teams: await listTeams(user.id) }));

/** A new team, its owner the signed-in account. */
export const POST = userRoute({ body: z.looseObject({}), status: 201 }, async ({ user, body }) => createTeam(user.id, body.name));
