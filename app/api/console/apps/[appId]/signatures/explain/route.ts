import { appRoute } from "@/lib/auth/route";
import { explainReceived } from "@/lib/activity/signatures";
import { explainBodySchema } from "@/lib/catalog/dev-endpoints";

/** The Go-live tab's explain form: the same analysis as POST /dev/v1/signatures/explain. */
export const POST = appRoute({ body: explainBodySchema }, async ({ app, body }) => explainReceived(app.id, body));
