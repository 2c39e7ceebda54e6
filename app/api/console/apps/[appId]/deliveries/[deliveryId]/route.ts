import { appRoute } from "@/lib/auth/route";
import { getDelivery } from "@/lib/services/deliveries";

export const GET = appRoute({}, async ({ app, params }) => getDelivery(app.id, params.deliveryId!));
