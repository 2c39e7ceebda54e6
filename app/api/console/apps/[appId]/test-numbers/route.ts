import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { addTestNumber, listTestNumbers } from "@/lib/devapi";

export const GET = appRoute({}, async ({ app }) => listTestNumbers(app.id));

export const POST = appRoute({ body: z.looseObject({}) }, async ({ app, body }) => addTestNumber(app.id, body));
