import { userRoute } from "@/lib/auth/route";
import { registrationOptions } from "@/lib/services/passkeys";
import { clientAddress } from "@/lib/throttle";

/** Options for adding a passkey (navigator.credentials.create through startRegistration), with a challenge used once within minutes. */
export const POST = userRoute({}, async ({ user, request }) => registrationOptions(user, clientAddress(request.headers)));
