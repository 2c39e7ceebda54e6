import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { deleteAccount } from "@/lib/services/users";

// The password changes at ./password, sessions end at ./sessions.
export const DELETE = userRoute({ body: z.looseObject({}) }, async ({ user, body }) => {
  await deleteAccount(user.id, body.password);
  return { deleted: true };
});
