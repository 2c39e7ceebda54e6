import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { appView } from "@/lib/auth/views";
import { createApp, listApps } from "@/lib/services/apps";
import { authorizeTeam } from "@/lib/services/access";
import { ownTeamId } from "@/lib/services/teams";

/** Every app of every team the account is in, each with its team. */
export const GET = userRoute({}, async ({ user }) => (await listApps(user.id)).map((a) => ({ ...appView(a), teamName: a.team.name })));

export const POST = userRoute(
  { body: z.looseObject({}), status: 201 },
  async ({ user, body }) => {
    // In the team named (the role rule: creating an app is an app action), else the account's own.
    const teamId = body.teamId !== undefined ? (await authorizeTeam(user, String(body.teamId), "app.write")).team.id : await ownTeamId(user.id);
    return appView(await createApp({ teamId, name: body.name, callbackUrl: body.callbackUrl }));
  },
);
