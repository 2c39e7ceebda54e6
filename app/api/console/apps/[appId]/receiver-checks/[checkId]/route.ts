import { appRoute } from "@/lib/auth/route";
import { getReceiverCheck } from "@/lib/activity/receiver-checks";

export const GET = appRoute({}, async ({ app, params }) => getReceiverCheck(app.id, params.checkId ?? ""));
