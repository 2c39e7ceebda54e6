import { appRoute } from "@/lib/auth/route";
import { readiness } from "@/lib/activity/readiness";

/** The Go-live tab's checklist: the same read model as GET /dev/v1/readiness. */
export const GET = appRoute({}, async ({ app }) => readiness(app.id));
