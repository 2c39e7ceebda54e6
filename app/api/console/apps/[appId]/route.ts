import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { appView } from "@/lib/auth/views";
import { deleteApp, updateApp } from "@/lib/services/apps";

export const GET = appRoute({}, async ({ app }) => appView(app));

export const PATCH = appRoute({ body: z.looseObject({}) }, async ({ app, body }) =>
  appView(await updateApp(app.id, { name: body.name, callbackUrl: body.callbackUrl })),
);

export const DELETE = appRoute({}, async ({ app }) => deleteApp(app.id));
