import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { appView } from "@/lib/auth/views";
import { setSuspended } from "@/lib/services/apps";

const body = z.object({ suspended: z.boolean({ error: "suspended must be true or false" }) });

export const PATCH = userRoute({ operator: true, body }, async ({ params, body }) =>
  appView(await setSuspended(params.appId!, body.suspended)),
);
