import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { deleteAccount } from "@/lib/services/users";
import { clientAddress } from "@/lib/throttle";

/** `teams`: the ids of the teams the confirmation named as going (lib/services/teams.ts `teamsOnDeletion`); when that changed, 409. */
const deletion = z.looseObject({
  teams: z.array(z.string().max(64), { error: "teams must be a list of team ids" }).max(1000).optional(),
});

// The password changes at ./password, sessions end at ./sessions.
export const DELETE = userRoute({ body: deletion }, async ({ user, body, request }) => {
  const teams = await deleteAccount(user.id, body.password, clientAddress(request.headers), body.teams);
  return { deleted: true, teams };
});
