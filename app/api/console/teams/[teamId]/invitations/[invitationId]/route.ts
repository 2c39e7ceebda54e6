import { teamRoute } from "@/lib/auth/route";
import { revokeInvitation } from "@/lib/services/invitations";

/** An owner revokes a pending invitation: its link stops working. */
export const DELETE = teamRoute({ action: "team.manage", status: 204 }, async ({ team, params }) => {
  await revokeInvitation(team.team.id, params.invitationId!);
});
