import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { listInbox } from "@/lib/inspector";
import { pageSchema } from "@/lib/services/request-log";

const inboxQuery = z.object({ ...pageSchema, delivery: z.string().trim().max(64).optional() });

export const GET = appRoute({ query: inboxQuery }, async ({ app, query }) => listInbox(app.id, query));
