import { appRoute } from "@/lib/auth/route";
import { resetApp } from "@/lib/devapi/reset";

export const POST = appRoute({}, async ({ app }) => resetApp(app.id));
