// Reset: wipes an app's sandbox data — resources, deliveries and their
// attempts, request log, inbox, relays, rate windows — and keeps its keys,
// tokens, subscriptions and settings (time scale, test numbers, faults,
// inspector mode). The console, the operator command line, the API and MCP call it.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";

export type ResetResult = {
  appId: string;
  at: string;
  deleted: { resources: number; deliveries: number; attempts: number; requestLog: number; inbox: number; relays: number; rateWindows: number };
};

export async function resetApp(appId: string, db: Db = defaultDb): Promise<ResetResult> {
  const app = await db.app.findUnique({ where: { id: appId }, select: { id: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  const where = { appId };
  const [attempts, deliveries, resources, requestLog, inbox, relays, rateWindows] = await db.$transaction([
    db.deliveryAttempt.deleteMany({ where: { delivery: { appId } } }),
    db.delivery.deleteMany({ where }),
    db.resource.deleteMany({ where }),
    db.requestLog.deleteMany({ where }),
    db.inboxEntry.deleteMany({ where }),
    db.relay.deleteMany({ where }),
    db.rateWindow.deleteMany({ where }),
  ]);
  return {
    appId,
    at: new Date().toISOString(),
    deleted: {
      resources: resources.count, deliveries: deliveries.count, attempts: attempts.count, requestLog: requestLog.count,
      inbox: inbox.count, relays: relays.count, rateWindows: rateWindows.count,
    },
  };
}
