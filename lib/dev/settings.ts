// The app's developer settings (lib/catalog/dev/settings.ts for the shapes):
// what the console, the operator command line, the API and MCP all call.
import {
  callbackFaultsSchema, inspectorModeSchema, devSettingsPatchSchema,
  type CallbackFaults, type DevSettings, type InspectorMode,
} from "@/lib/catalog/dev";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { withAppLock, type Tx } from "@/lib/services/apps";
import { parseOrThrow } from "@/lib/services/schemas";

function fromJson<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, text: string | null | undefined, fallback: T): T {
  try {
    const r = schema.safeParse(JSON.parse(text ?? "{}"));
    return r.success ? r.data : fallback;
  } catch {
    return fallback;
  }
}

/** An app row's stored faults (JSON text), with the defaults filled in. */
export const faultsOf = (text: string | null | undefined): CallbackFaults => fromJson(callbackFaultsSchema, text, callbackFaultsSchema.parse({}));
/** An app row's stored inspector mode (JSON text), with the defaults filled in. */
export const inspectorModeOf = (text: string | null | undefined): InspectorMode => fromJson(inspectorModeSchema, text, inspectorModeSchema.parse({}));

export async function getDevSettings(appId: string, client: Pick<Tx, "app"> = db): Promise<DevSettings> {
  const app = await client.app.findUnique({ where: { id: appId }, select: { timeScale: true, callbackFaults: true, inspectorMode: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  return { timeScale: app.timeScale, callbackFaults: faultsOf(app.callbackFaults), inspectorMode: inspectorModeOf(app.inspectorMode) };
}

/** Applies a change (any subset; nested objects merge field by field) and answers the settings as they now are. */
export async function updateDevSettings(appId: string, patch: unknown): Promise<DevSettings> {
  const p = parseOrThrow(devSettingsPatchSchema, patch);
  // Under the app row's lock: two changes at once (time scale here, faults there) both stay.
  return withAppLock(appId, async (tx) => {
    const now = await getDevSettings(appId, tx);
    const next: DevSettings = {
      timeScale: p.timeScale ?? now.timeScale,
      callbackFaults: { ...now.callbackFaults, ...stripUndefined(p.callbackFaults) },
      inspectorMode: { ...now.inspectorMode, ...stripUndefined(p.inspectorMode) },
    };
    await tx.app.update({
      where: { id: appId },
      data: { timeScale: next.timeScale, callbackFaults: JSON.stringify(next.callbackFaults), inspectorMode: JSON.stringify(next.inspectorMode) },
    });
    return next;
  });
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
