import { appRoute } from "@/lib/auth/route";
import { deliveryFiltersSchema, listDeliveries } from "@/lib/activity/deliveries";

export const GET = appRoute({ query: deliveryFiltersSchema }, async ({ app, query }) => listDeliveries(app.id, query));
