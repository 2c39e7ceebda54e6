import { appRoute } from "@/lib/auth/route";
import { appUsage } from "@/lib/services/usage";

export const GET = appRoute({}, async ({ app }) => appUsage(app));
