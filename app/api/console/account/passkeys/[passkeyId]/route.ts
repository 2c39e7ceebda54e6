import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { passkeyName, removePasskey, renamePasskey } from "@/lib/services/passkeys";

/** Renames the passkey: `{name}`. */
export const PATCH = userRoute({ body: z.object({ name: passkeyName }) }, async ({ user, params, body }) => renamePasskey(user.id, params.passkeyId ?? "", body.name));

/** Removes the passkey: it signs in no more. */
export const DELETE = userRoute({ status: 204 }, async ({ user, params }) => removePasskey(user.id, params.passkeyId ?? ""));
