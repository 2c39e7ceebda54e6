import { appRoute } from "@/lib/auth/route";
import { resolveHeld } from "@/lib/callbacks";
import { resolveBodySchema } from "@/lib/catalog/dev-endpoints";

/** The Handset's buttons: the same resolve as POST /dev/v1/resources/{id}/resolve, recorded as via console. */
export const POST = appRoute({ body: resolveBodySchema }, async ({ app, params, body }) =>
  resolveHeld(app.id, params.resourceId!, body.scenario, { via: "console" }),
);
