import { appRoute } from "@/lib/auth/route";
import { getRequest } from "@/lib/activity/requests";

export const GET = appRoute({}, async ({ app, params }) => getRequest(app.id, params.requestId!));
