import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { confirmTotp } from "@/lib/services/totp";
import { clientAddress } from "@/lib/throttle";

const body = z.object({ code: z.string({ error: "code is required: the 6-digit code your authenticator app shows" }).trim().regex(/^\d{6}$/, "code must be the 6 digits your authenticator app shows") });

/** Turns two-step sign-in on with a code of the pending secret: the 10 recovery codes, shown this once. */
export const POST = userRoute({ body }, async ({ user, body, request }) => confirmTotp(user.id, body.code, clientAddress(request.headers)));
