import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { grantOperator } from "@/lib/services/users";

const body = z.object({ email: z.string({ error: "email is required" }).max(254) });

/** An operator makes another user an operator (the command line: `user operator --email E`). */
export const POST = userRoute({ operator: true, body }, async ({ body }) => {
  const u = await grantOperator(body.email);
  return { userId: u.id, email: u.email, operator: u.operator };
});
