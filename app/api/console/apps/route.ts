import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { appView } from "@/lib/auth/views";
import { createApp, listApps } from "@/lib/services/apps";
import { ownTeamId } from "@/lib/services/teams";

export const GET = userRoute({}, async ({ user }) => (await listApps(user.id)).map(appView));

export const POST = userRoute(
  { body: z.looseObject({}), status: 201 },
  async ({ user, body }) => appView(await createApp({ teamId: await ownTeamId(user.id), name: body.name, callbackUrl: body.callbackUrl })),
);
