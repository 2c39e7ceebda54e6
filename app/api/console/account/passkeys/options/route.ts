import { userRoute } from "@/lib/auth/route";
import { registrationOptions } from "@/lib/services/passkeys";
import { clientAddress } from "@/lib/throttle";

/** Options for adding a passkey (navigator.credentials.create through startRegistration), with a challenge used once within minutes; the session must have signed in within 10 minutes. */
export const POST = userRoute({}, async ({ user, sessionId, request }) => registrationOptions(user, sessionId, clientAddress(request.headers)));
