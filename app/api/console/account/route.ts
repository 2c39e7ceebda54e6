import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { deleteAccount } from "@/lib/services/users";
import { clientAddress } from "@/lib/throttle";

// The password changes at ./password, sessions end at ./sessions.
export const DELETE = userRoute({ body: z.looseObject({}) }, async ({ user, body, request }) => {
  await deleteAccount(user.id, body.password, clientAddress(request.headers));
  return { deleted: true };
});
