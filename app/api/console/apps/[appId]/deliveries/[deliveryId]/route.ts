import { appRoute } from "@/lib/auth/route";
import { getDelivery } from "@/lib/activity/deliveries";

export const GET = appRoute({}, async ({ app, params }) => getDelivery(app.id, params.deliveryId!));
