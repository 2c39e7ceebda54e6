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

/** Why a due callback of an ended sandbox was not sent: the dispatcher's claim marks it NOT_SENT with this, and sends nothing. */
export const SANDBOX_ENDED = "not sent: its throwaway sandbox ended";
