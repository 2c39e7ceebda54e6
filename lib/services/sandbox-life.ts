// When a throwaway sandbox (lib/services/sandboxes.ts) has ended: at its
// `expiresAt`, which deleting one moves to now. Apps without `expiresAt` never
// end. Read by every door an ended sandbox must find shut: the gateway's
// authenticate step, the token endpoint, the inspector, the console (through
// ownedApp); the dispatcher's claim and the sweeper say the same in SQL
// (`"expiresAt" <= now`). `now` is the process's clock (lib/runtime.ts).
import { nowDate } from "@/lib/runtime";

/** Whether the app has ended at `now`. */
export function hasEnded(app: { expiresAt: Date | null }, now = nowDate()): boolean {
  return app.expiresAt !== null && app.expiresAt.getTime() <= now.getTime();
}

/** Prisma filter of the apps that have not ended at `now`. */
export const liveApps = (now = nowDate()) => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

/**
 * What a refused call is told about an ended throwaway sandbox, the one wording: the gateway's token
 * check (INVALID_TOKEN) and try-it's, which calls as the app with no token (lib/gateway/steps/authenticate.ts).
 */
export const sandboxEndedMessage = (app: { id: string; expiresAt: Date | null }) =>
  `the throwaway sandbox ${app.id} ended at ${app.expiresAt?.toISOString()}; make a new one with its parent app's keys`;

/** Why a due callback of an ended sandbox was not sent: the dispatcher's claim marks it NOT_SENT with this, and sends nothing. */
export const SANDBOX_ENDED = "not sent: its throwaway sandbox ended";
