import { appRoute } from "@/lib/auth/route";
import { getRequest } from "@/lib/services/request-log";

export const GET = appRoute({}, async ({ app, params }) => getRequest(app.id, params.requestId!));
