import { appRoute } from "@/lib/auth/route";
import { listReceiverChecks } from "@/lib/activity/receiver-check-runs";
import { receiverCheckBodySchema } from "@/lib/catalog/dev-endpoints";
import { runReceiverCheck } from "@/lib/devapi";

export const GET = appRoute({}, async ({ app }) => listReceiverChecks(app.id));

/** "Run checks": the same service as POST /dev/v1/receiver-checks. */
export const POST = appRoute({ body: receiverCheckBodySchema, status: 201 }, async ({ app, body }) => runReceiverCheck(app.id, body));
