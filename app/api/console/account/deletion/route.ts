import { userRoute } from "@/lib/auth/route";
import { accountDeletionPlan } from "@/lib/services/users";

/** What DELETE /api/console/account would do to each team of the account (the confirmation names them): deleted with their apps, kept, or in the way. */
export const GET = userRoute({}, async ({ user }) => accountDeletionPlan(user.id));
