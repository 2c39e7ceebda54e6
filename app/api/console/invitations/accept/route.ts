import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { acceptInvitation } from "@/lib/services/invitations";

/** The signed-in account joins the team its invitation names (only the invited address can). */
export const POST = userRoute({ body: z.looseObject({}) }, async ({ user, body }) => acceptInvitation(user, body.token));
