import { appRoute } from "@/lib/auth/route";
import { replayFailed } from "@/lib/callbacks";
import { replayBodySchema } from "@/lib/catalog/dev-endpoints";

export const POST = appRoute({ body: replayBodySchema }, async ({ app, body }) => replayFailed(app.id, new Date(body.since), body.url));
