import { appRoute } from "@/lib/auth/route";
import { listRequests, requestFiltersSchema } from "@/lib/services/request-log";

export const GET = appRoute({ query: requestFiltersSchema }, async ({ app, query }) => listRequests(app.id, query));
