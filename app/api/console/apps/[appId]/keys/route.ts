import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { createKeyPair, listKeyPairs } from "@/lib/services/keys";

export const GET = appRoute({}, async ({ app }) => listKeyPairs(app.id));
export const POST = appRoute({ status: 201, body: z.looseObject({}) }, async ({ app, body }) => createKeyPair(app.id, body.label));
