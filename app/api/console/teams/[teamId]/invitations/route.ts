import { z } from "zod";
import { teamRoute } from "@/lib/auth/route";
import { invite } from "@/lib/services/invitations";

/** An owner invites an address with a role: the link goes out by mail. */
export const POST = teamRoute({ action: "team.manage", body: z.looseObject({}), status: 201 }, async ({ team, user, body }) =>
  invite(team.team, user, { email: body.email, role: body.role }),
);
