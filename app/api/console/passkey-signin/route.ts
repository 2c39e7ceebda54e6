import { openRoute } from "@/lib/auth/route";
import { signInOptions } from "@/lib/services/passkeys";
import { clientAddress } from "@/lib/throttle";

/**
 * Options for signing in with a passkey (navigator.credentials.get through
 * startAuthentication): no account named, a challenge used once within
 * minutes. The answer goes to Auth.js's `passkey` provider (field `response`).
 */
export const POST = openRoute({}, async ({ request }) => signInOptions(clientAddress(request.headers)));
