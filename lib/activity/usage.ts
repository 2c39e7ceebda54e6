// An app's usage for the console: calls per day (UTC) and per operation, the
// error rate, and how much of the current minute's rate limit is used. Reads
// the bounded request log and the rate window; callers check ownership.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { secondsToReset, windowOf } from "@/lib/engine/rate-window";

const DAY = 86_400_000;
type Count = { calls: number; errors: number };
const add = (c: Count, status: number) => {
  c.calls++;
  if (status >= 400) c.errors++;
};

export async function appUsage(app: { id: string; perMinute: number }, now = new Date(), days = 14, db: Db = defaultDb) {
  const firstDay = Math.floor(now.getTime() / DAY) - (days - 1);
  const [rows, minute] = await Promise.all([
    db.requestLog.findMany({
      where: { appId: app.id, createdAt: { gte: new Date(firstDay * DAY) } },
      select: { createdAt: true, status: true, operationId: true },
    }),
    db.rateWindow.findUnique({ where: { appId_window: { appId: app.id, window: windowOf(now) } } }),
  ]);
  const perDay = Array.from({ length: days }, (_, i) => ({ date: new Date((firstDay + i) * DAY).toISOString().slice(0, 10), calls: 0, errors: 0 }));
  const perOp = new Map<string, Count>();
  const all: Count = { calls: 0, errors: 0 };
  for (const r of rows) {
    add(perDay[Math.floor(r.createdAt.getTime() / DAY) - firstDay] ?? { calls: 0, errors: 0 }, r.status);
    const op = r.operationId ?? "(no operation)";
    if (!perOp.has(op)) perOp.set(op, { calls: 0, errors: 0 });
    add(perOp.get(op)!, r.status);
    add(all, r.status);
  }
  return {
    days: perDay,
    operations: [...perOp].map(([operationId, c]) => ({ operationId, ...c })).sort((a, b) => b.calls - a.calls),
    total: all.calls,
    errors: all.errors,
    errorRate: all.calls ? all.errors / all.calls : 0,
    minute: { used: minute?.count ?? 0, limit: app.perMinute, resetsInSeconds: secondsToReset(now) },
  };
}
export type AppUsage = Awaited<ReturnType<typeof appUsage>>;
