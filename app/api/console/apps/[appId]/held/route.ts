import { appRoute } from "@/lib/auth/route";
import { heldResources } from "@/lib/activity/held-list";

export const GET = appRoute({}, async ({ app }) => heldResources(app.id));
