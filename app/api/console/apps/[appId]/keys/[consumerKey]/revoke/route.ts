import { appRoute } from "@/lib/auth/route";
import { revokeKeyPair } from "@/lib/services/keys";

export const POST = appRoute({}, async ({ app, params }) => revokeKeyPair(params.consumerKey!, app.id));
