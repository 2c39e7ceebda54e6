import { appRoute } from "@/lib/auth/route";
import { appUsage } from "@/lib/activity/usage";

export const GET = appRoute({}, async ({ app }) => appUsage(app));
