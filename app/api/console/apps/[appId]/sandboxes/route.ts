import { appRoute } from "@/lib/auth/route";
import { config } from "@/lib/config";
import { listSandboxes } from "@/lib/services/sandboxes";

/** The app's live throwaway sandboxes and how many it may have (the parent's overview lists them). */
export const GET = appRoute({}, async ({ app }) => ({ ...(await listSandboxes(app.id)), limit: config.sandboxesPerApp }));
