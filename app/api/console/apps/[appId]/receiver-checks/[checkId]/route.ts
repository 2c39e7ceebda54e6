import { appRoute } from "@/lib/auth/route";
import { getReceiverCheck } from "@/lib/activity/receiver-check-runs";

export const GET = appRoute({}, async ({ app, params }) => getReceiverCheck(app.id, params.checkId ?? ""));
