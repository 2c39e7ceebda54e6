import { teamRoute } from "@/lib/auth/route";
import { resendInvitation } from "@/lib/services/invitations";

/** An owner sends a pending invitation again: a new link, a new expiry. */
export const POST = teamRoute({ action: "team.manage" }, async ({ team, user, params }) => resendInvitation(team.team, user, params.invitationId!));
