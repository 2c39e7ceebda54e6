import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { changePassword } from "@/lib/services/users";
import { clientAddress } from "@/lib/throttle";

const body = z.object({ current: z.string({ error: "current is required" }), next: z.string({ error: "next is required" }) });

/** Changes the password; every session of the account ends, this one too. */
export const POST = userRoute({ body }, async ({ user, body, request }) => changePassword(user.id, body.current, body.next, clientAddress(request.headers)));
