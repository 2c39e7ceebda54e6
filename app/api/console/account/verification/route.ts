import { userRoute } from "@/lib/auth/route";
import { isVerified, resendVerification, verificationRequired } from "@/lib/services/verification";
import { clientAddress } from "@/lib/throttle";

/** Whether the account's email must be and is verified (the console's banner). */
export const GET = userRoute({}, async ({ user }) => ({ email: user.email, required: verificationRequired(), verified: isVerified(user) }));

/** "Send the link again": a new link mailed to the account's email (throttled per account and per address). */
export const POST = userRoute({ unverified: true, status: 202 }, async ({ user, request }) => resendVerification(user, clientAddress(request.headers)));
