import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { rotateSigningSecret, signingSecretView } from "@/lib/services/apps";

/** Revealed to the roles that may read it (a viewer may not: the role rule's `app.secret`). */
export const GET = appRoute({ action: "app.secret" }, async ({ app }) => signingSecretView(app));

/** Rotate: a new secret; the old one keeps signing for `graceHours` (default 24). */
export const POST = appRoute({ body: z.object({ graceHours: z.unknown().optional() }) }, async ({ app, body }) =>
  rotateSigningSecret(app.id, body.graceHours),
);
