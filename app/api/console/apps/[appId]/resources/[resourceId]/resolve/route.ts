import { appRoute } from "@/lib/auth/route";
import { resolveBodySchema } from "@/lib/catalog/dev-endpoints";
import { resolveFromConsole } from "@/lib/gateway";

/** The Handset's buttons: the same resolve as POST /dev/v1/resources/{id}/resolve, recorded as via console. */
export const POST = appRoute({ body: resolveBodySchema }, async ({ app, params, body }) => resolveFromConsole(app.id, params.resourceId!, body.scenario));
