import { appRoute } from "@/lib/auth/route";
import { sandboxInputSchema } from "@/lib/catalog/dev-endpoints";
import { config } from "@/lib/runtime";
import { createSandbox, listSandboxes } from "@/lib/services/sandboxes";

/** The app's live throwaway sandboxes and how many it may have (the parent's overview lists them). */
export const GET = appRoute({}, async ({ app }) => ({ ...(await listSandboxes(app.id)), limit: config.sandboxesPerApp }));

/**
 * Makes one (the overview's form): the body and the service of POST {base_url}/dev/v1/sandboxes,
 * so the same bounds, per-minute limit and live maximum; its secrets are in this answer only.
 */
export const POST = appRoute({ status: 201, body: sandboxInputSchema }, async ({ app, body }) => createSandbox(app, body));
