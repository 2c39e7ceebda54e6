import { auditAnswer, auditQuery } from "@/lib/auth/audit-route";
import { teamRoute } from "@/lib/auth/route";

/** The team's audit log, newest first: every member reads it. */
export const GET = teamRoute({ query: auditQuery }, async ({ team, query }) => auditAnswer({ teamId: team.team.id }, query));
