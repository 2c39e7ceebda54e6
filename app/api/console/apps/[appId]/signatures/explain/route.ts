import { appRoute } from "@/lib/auth/route";
import { explainReceived } from "@/lib/activity/signatures";
import { explainFormSchema } from "@/lib/catalog/dev-endpoints";

/** The Go-live tab's explain form: the same analysis as POST /dev/v1/signatures/explain, once there is something to explain. */
export const POST = appRoute({ body: explainFormSchema }, async ({ app, body }) => explainReceived(app.id, body));
