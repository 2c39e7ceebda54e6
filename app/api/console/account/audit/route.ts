import { auditAnswer, auditQuery } from "@/lib/auth/audit-route";
import { userRoute } from "@/lib/auth/route";

/** The account's own log (sign-ins with their addresses, failed ones, password changes), newest first. */
export const GET = userRoute({ query: auditQuery }, async ({ user, query }) => auditAnswer({ userId: user.id }, query));
