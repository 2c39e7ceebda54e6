import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { listInbox } from "@/lib/inspector";
import { pageSchema } from "@/lib/services/request-log";

export const GET = appRoute({ query: z.object(pageSchema) }, async ({ app, query }) => listInbox(app.id, query));
