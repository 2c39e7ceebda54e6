import { z } from "zod";
import { teamRoute } from "@/lib/auth/route";
import { changeRole, removeMember } from "@/lib/services/teams";

/** An owner changes a member's role. */
export const PATCH = teamRoute({ action: "team.manage", body: z.looseObject({}) }, async ({ team, params, body }) =>
  changeRole(team.team.id, params.userId!, body.role),
);

/** An owner removes a member; any member may remove themself (leave). */
export const DELETE = teamRoute(
  { action: (user, params) => (params.userId === user.id ? "team.read" : "team.manage"), status: 204 },
  async ({ team, params }) => {
    await removeMember(team.team.id, params.userId!);
  },
);
