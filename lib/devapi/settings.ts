// The app's developer settings (lib/catalog/dev-endpoints/settings-endpoints.ts for the shapes):
// what the console, the operator command line, the API and MCP all call.
import { devSettingsPatchSchema, faultPlanOf, callbackFaultsOf, inspectorModeOf, type DevSettings } from "@/lib/catalog/dev-endpoints";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { withAppLock, type Tx } from "@/lib/services/apps";
import { parseOrThrow } from "@/lib/validation";

export async function getDevSettings(appId: string, client: Pick<Tx, "app"> = db): Promise<DevSettings> {
  const app = await client.app.findUnique({ where: { id: appId }, select: { timeScale: true, callbackFaults: true, inspectorMode: true, faultPlan: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  return {
    timeScale: app.timeScale, callbackFaults: callbackFaultsOf(app.callbackFaults), inspectorMode: inspectorModeOf(app.inspectorMode), faultPlan: faultPlanOf(app.faultPlan),
  };
}

/**
 * Applies a change (any subset; nested objects merge field by field; a fault
 * plan replaces the plan and starts its numbering again, lib/engine/fault-plan.ts)
 * and answers the settings as they now are.
 */
export async function updateDevSettings(appId: string, patch: unknown): Promise<DevSettings> {
  const p = parseOrThrow(devSettingsPatchSchema, patch);
  // Under the app row's lock: two changes at once (time scale here, callback faults there) both stay.
  return withAppLock(appId, async (tx) => {
    const now = await getDevSettings(appId, tx);
    const next: DevSettings = {
      timeScale: p.timeScale ?? now.timeScale,
      callbackFaults: { ...now.callbackFaults, ...stripUndefined(p.callbackFaults) },
      inspectorMode: { ...now.inspectorMode, ...stripUndefined(p.inspectorMode) },
      faultPlan: p.faultPlan ?? now.faultPlan,
    };
    await tx.app.update({
      where: { id: appId },
      data: {
        timeScale: next.timeScale, callbackFaults: JSON.stringify(next.callbackFaults), inspectorMode: JSON.stringify(next.inspectorMode),
        faultPlan: JSON.stringify(next.faultPlan),
      },
    });
    if (p.faultPlan) await tx.faultPlanCount.deleteMany({ where: { appId } });
    return next;
  });
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
