import { userRoute } from "@/lib/auth/route";
import { endSession } from "@/lib/services/sessions";

/** Signs one session of the account out: its next request, on any instance, is signed out. */
export const DELETE = userRoute({ unverified: true, status: 204 }, async ({ user, params }) => endSession(user.id, params.sessionId ?? ""));
