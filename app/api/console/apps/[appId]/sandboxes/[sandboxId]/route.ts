import { appRoute } from "@/lib/auth/route";
import { endSandbox } from "@/lib/services/sandboxes";

/** Ends one of the app's throwaway sandboxes now (the same function as DELETE {base_url}/dev/v1/sandboxes/{appId}). */
export const DELETE = appRoute({}, async ({ app, params }) => endSandbox(app.id, params.sandboxId ?? ""));
