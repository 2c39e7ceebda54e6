import { appRoute } from "@/lib/auth/route";
import { listRequests, requestFiltersSchema } from "@/lib/activity/requests";

export const GET = appRoute({ query: requestFiltersSchema }, async ({ app, query }) => listRequests(app.id, query));
