import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { sendDeliveryTo } from "@/lib/callbacks";

const target = z.object({ url: z.string({ error: "url is required" }).trim().max(2048, { error: "url must be at most 2048 characters" }) });

export const POST = appRoute({ body: target }, async ({ app, params, body }) => sendDeliveryTo(params.deliveryId!, app.id, body.url));
