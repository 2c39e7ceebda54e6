// What the console shows of an app: never the signing secret (it has its own
// route, read when the user reveals it).
import { config } from "@/lib/runtime";
import { inspectorUrl, PLAN_PER_MINUTE } from "@/lib/services/apps";

type AppRow = {
  id: string; name: string; teamId: string; callbackUrl: string | null; suspended: boolean; perMinute: number; createdAt: Date;
  parentAppId: string | null; expiresAt: Date | null;
};

export function appView(a: AppRow) {
  return {
    id: a.id,
    name: a.name,
    /** The team that owns the app. */
    teamId: a.teamId,
    callbackUrl: a.callbackUrl,
    suspended: a.suspended,
    perMinute: a.perMinute,
    /** The Sandbox plan's limit, to tell an operator's limit from the plan's. */
    planPerMinute: PLAN_PER_MINUTE,
    createdAt: a.createdAt.toISOString(),
    /** A throwaway sandbox's parent app and end (lib/services/sandboxes.ts); null for other apps. */
    parentAppId: a.parentAppId,
    expiresAt: a.expiresAt?.toISOString() ?? null,
    inspectorUrl: inspectorUrl(a.id),
    /** {base_url}: where the gateway and the token endpoint live. */
    baseUrl: `${config.publicUrl}/sandbox`,
  };
}
export type AppView = ReturnType<typeof appView>;
