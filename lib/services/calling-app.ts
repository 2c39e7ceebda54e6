// The app a call runs as, as the gateway's token lookup reads it (one query:
// the app, its subscriptions, its developer settings and test numbers). The
// pipeline, the developer API and the dispatcher's scheduling read it.
import type { TestNumber } from "@/lib/catalog";

export type AuthenticatedApp = {
  id: string;
  suspended: boolean;
  perMinute: number;
  callbackUrl: string | null;
  /** The app's callback faults as stored (JSON text; lib/catalog/devapi faultsOf reads it). */
  callbackFaults: string;
  subscriptions: { group: string; status: string }[];
  /** The app's default time scale (an X-Svc-Time-Scale header wins). */
  timeScale: number;
  /** The app's test numbers (lib/devapi/test-numbers.ts), read by the engine. */
  testNumbers: readonly TestNumber[];
  /** A throwaway sandbox's parent and end (sandboxes.ts); null for other apps. */
  parentAppId: string | null;
  expiresAt: Date | null;
};
