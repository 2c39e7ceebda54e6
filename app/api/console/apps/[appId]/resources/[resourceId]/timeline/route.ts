import { appRoute } from "@/lib/auth/route";
import { resourceTimeline } from "@/lib/activity/timeline";

export const GET = appRoute({}, async ({ app, params }) => resourceTimeline(app.id, params.resourceId!));
