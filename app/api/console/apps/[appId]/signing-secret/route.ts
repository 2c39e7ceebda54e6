import { appRoute } from "@/lib/auth/route";

export const GET = appRoute({}, async ({ app }) => ({ signingSecret: app.signingSecret }));
