import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { changePassword, deleteAccount } from "@/lib/services/users";

export const PATCH = userRoute({ body: z.looseObject({}) }, async ({ user, body }) => {
  await changePassword(user.id, body.currentPassword, body.newPassword);
  return { changed: true };
});

export const DELETE = userRoute({ body: z.looseObject({}) }, async ({ user, body }) => {
  await deleteAccount(user.id, body.password);
  return { deleted: true };
});
