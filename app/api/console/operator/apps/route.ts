import { userRoute } from "@/lib/auth/route";
import { appView } from "@/lib/auth/views";
import { listAllApps } from "@/lib/services/apps";

export const GET = userRoute({ operator: true }, async () =>
  (await listAllApps({ take: 200 })).map((a) => ({ ...appView(a), team: a.team.name })),
);
