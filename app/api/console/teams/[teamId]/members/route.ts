import { teamRoute } from "@/lib/auth/route";
import { nowDate } from "@/lib/runtime";
import { teamMembers } from "@/lib/services/teams";

/** The team's members and pending invitations: any member reads them. */
export const GET = teamRoute({}, async ({ team }) => teamMembers(team.team.id, nowDate()));
