import { userRoute } from "@/lib/auth/route";
import { endSessions } from "@/lib/services/users";

/** "Sign out everywhere": every session of the account ends, copied cookies included. */
export const DELETE = userRoute({}, async ({ user }) => endSessions(user.id));
