import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { addPasskey, listPasskeys, passkeyName, registrationResponse } from "@/lib/services/passkeys";

/** The account's passkeys: `{passkeys: [{id, name, createdAt, lastUsedAt, transports}]}`, newest first. */
export const GET = userRoute({}, async ({ user }) => listPasskeys(user.id));

const add = z.object({ name: passkeyName, response: registrationResponse });

/** Adds a passkey: `{name, response}`, the authenticator's answer to ./options (startRegistration's); 201 with the passkey. */
export const POST = userRoute({ body: add, status: 201 }, async ({ user, sessionId, body }) => addPasskey(user, sessionId, body.name, body.response));
