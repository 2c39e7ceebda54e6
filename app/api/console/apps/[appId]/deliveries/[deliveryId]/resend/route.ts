import { appRoute } from "@/lib/auth/route";
import { resendDelivery } from "@/lib/callbacks";

export const POST = appRoute({}, async ({ app, params }) => resendDelivery(params.deliveryId!, app.id));
