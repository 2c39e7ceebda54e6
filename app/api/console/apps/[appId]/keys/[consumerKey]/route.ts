import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { setKeyLabel } from "@/lib/services/keys";

export const PATCH = appRoute({ body: z.looseObject({}) }, async ({ app, params, body }) => setKeyLabel(app.id, params.consumerKey!, body.label));
