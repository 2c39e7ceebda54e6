import { appRoute } from "@/lib/auth/route";
import { clearInbox } from "@/lib/inspector";
import { inboxPage, inboxQuerySchema } from "@/lib/activity/inbox";

export const GET = appRoute({ query: inboxQuerySchema }, async ({ app, query }) => inboxPage(app.id, query));

/** Empties the inbox (the console asks first). */
export const DELETE = appRoute({}, async ({ app }) => clearInbox(app.id));
