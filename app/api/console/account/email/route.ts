import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { changeEmail } from "@/lib/services/users";
import { clientAddress } from "@/lib/throttle";

/**
 * A new email, with the current password: `{email, pending: true}` when a link went to the new
 * address (it replaces the old one once followed), `{email, pending: false}` when it replaced it at
 * once (verification not required). Allowed before the email is verified: a mistyped address is fixed here.
 */
export const POST = userRoute({ body: z.looseObject({}), unverified: true }, async ({ user, body, request }) =>
  changeEmail(user.id, body.password, body.email, clientAddress(request.headers)));
