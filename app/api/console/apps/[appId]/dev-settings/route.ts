import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { getDevSettings, updateDevSettings } from "@/lib/devapi";

export const GET = appRoute({}, async ({ app }) => getDevSettings(app.id));

export const PATCH = appRoute({ body: z.looseObject({}) }, async ({ app, body }) => updateDevSettings(app.id, body));
