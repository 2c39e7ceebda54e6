// The app a call runs as, as the gateway's token lookup reads it (one query:
// the app, its subscriptions, its developer settings and test numbers). The
// pipeline, the developer API and the dispatcher's scheduling read it; the
// try-it panel reads it for a signed-in owner's app (ownersCallingApp).
import type { TestNumber } from "@/lib/catalog";
import { faultPlanOf, testNumbersOf, type FaultPlan } from "@/lib/catalog/dev-endpoints";
import { db } from "@/lib/db/prisma";
import { ownedApp } from "./apps";

export type AuthenticatedApp = {
  id: string;
  suspended: boolean;
  perMinute: number;
  callbackUrl: string | null;
  /** The app's callback faults as stored (JSON text; lib/catalog/dev-endpoints callbackFaultsOf reads it). */
  callbackFaults: string;
  subscriptions: { group: string; status: string }[];
  /** The app's default time scale (an X-Svc-Time-Scale header wins). */
  timeScale: number;
  /** The app's test numbers (lib/devapi/test-numbers.ts), read by the engine. */
  testNumbers: readonly TestNumber[];
  /** The app's fault plan (lib/catalog/dev-endpoints/fault-plan.ts): which calls without X-Svc-Fault get a fault. */
  faultPlan: FaultPlan;
  /** A throwaway sandbox's parent and end (sandboxes.ts); null for other apps. */
  parentAppId: string | null;
  expiresAt: Date | null;
};

/**
 * The signed-in member's app as a call runs as it (the docs' try-it panel runs
 * the gateway's pipeline as the app, without a token): a call as the app is an
 * app action (the role rule's `app.write`: a viewer gets FORBIDDEN); NOT_FOUND
 * for an app of another team or one that has ended, as for any other console route.
 */
export async function ownersCallingApp(userId: string, appId: string): Promise<AuthenticatedApp> {
  const app = await ownedApp(userId, appId, "app.write");
  const subscriptions = await db.subscription.findMany({ where: { appId }, select: { group: true, status: true } });
  return {
    id: app.id, suspended: app.suspended, perMinute: app.perMinute, callbackUrl: app.callbackUrl, callbackFaults: app.callbackFaults,
    subscriptions, timeScale: app.timeScale, testNumbers: testNumbersOf(app.testNumbers), faultPlan: faultPlanOf(app.faultPlan), parentAppId: app.parentAppId, expiresAt: app.expiresAt,
  };
}
