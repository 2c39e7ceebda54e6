// Reset: wipes an app's sandbox data — resources, deliveries and their
// attempts, request log, inbox, relays — restores its float to the default
// (lib/float), numbers its fault plan's calls from 1 again, and keeps its keys, tokens,
// subscriptions and settings (time scale, test numbers, faults, inspector
// mode), and every limit's count: the rate window of this minute and the
// throttles (a reset is not a way past a limit). Resets themselves are limited
// per app (RESETS_PER_MINUTE). The console, the operator command line, the API and MCP call it.
import { config } from "@/lib/config";
import { deleteDeliveriesOf } from "@/lib/callbacks/store/deliveries";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { resetFloat } from "@/lib/float";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";

export type ResetResult = {
  appId: string;
  at: string;
  deleted: { resources: number; deliveries: number; attempts: number; requestLog: number; inbox: number; relays: number };
};

const resets = () => new Throttle(APP_THROTTLES.reset, config.resetsPerMinute, 60);

export async function resetApp(appId: string, db: Db = defaultDb): Promise<ResetResult> {
  const app = await db.app.findUnique({ where: { id: appId }, select: { id: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  await resets().enforce(appId, (s) => `at most ${config.resetsPerMinute} resets a minute per app; try again in ${s} s`);
  const where = { appId };
  const [attempts, deliveries, resources, requestLog, inbox, relays] = await db.$transaction([
    ...deleteDeliveriesOf(db, appId),
    db.resource.deleteMany({ where }),
    db.requestLog.deleteMany({ where }),
    db.inboxEntry.deleteMany({ where }),
    db.relay.deleteMany({ where }),
    resetFloat(appId, db),
    db.faultPlanCount.deleteMany({ where }),
  ]);
  return {
    appId,
    at: new Date().toISOString(),
    deleted: {
      resources: resources.count, deliveries, attempts, requestLog: requestLog.count,
      inbox: inbox.count, relays: relays.count,
    },
  };
}
