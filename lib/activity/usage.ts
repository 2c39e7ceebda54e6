// An app's usage for the console: calls per day (UTC) and per operation, the
// error rate, and how much of the current minute's rate limit is used. A call
// refused by the per-minute limit (429) is counted as `limited`, apart from the
// calls that ran and their errors. Reads the bounded request log and the rate
// window; callers check ownership.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { secondsToReset, windowOf } from "@/lib/engine/rate-window";
import { nowDate } from "@/lib/runtime";

const DAY = 86_400_000;
type Count = { calls: number; errors: number; limited: number };
const add = (c: Count, status: number) => {
  if (status === 429) return void c.limited++;
  c.calls++;
  if (status >= 400) c.errors++;
};
const zero = (): Count => ({ calls: 0, errors: 0, limited: 0 });

export async function appUsage(app: { id: string; perMinute: number }, now = nowDate(), days = 14, db: Db = defaultDb) {
  const firstDay = Math.floor(now.getTime() / DAY) - (days - 1);
  const [rows, minute] = await Promise.all([
    db.requestLog.findMany({
      where: { appId: app.id, createdAt: { gte: new Date(firstDay * DAY) } },
      select: { createdAt: true, status: true, operationId: true },
    }),
    db.rateWindow.findUnique({ where: { appId_window: { appId: app.id, window: windowOf(now) } } }),
  ]);
  const perDay = Array.from({ length: days }, (_, i) => ({ date: new Date((firstDay + i) * DAY).toISOString().slice(0, 10), ...zero() }));
  const perOp = new Map<string, Count>();
  const all = zero();
  for (const r of rows) {
    add(perDay[Math.floor(r.createdAt.getTime() / DAY) - firstDay] ?? zero(), r.status);
    const op = r.operationId ?? "(no operation)";
    if (!perOp.has(op)) perOp.set(op, zero());
    add(perOp.get(op)!, r.status);
    add(all, r.status);
  }
  return {
    days: perDay,
    operations: [...perOp].map(([operationId, c]) => ({ operationId, ...c })).sort((a, b) => b.calls + b.limited - (a.calls + a.limited)),
    total: all.calls,
    errors: all.errors,
    limited: all.limited,
    errorRate: all.calls ? all.errors / all.calls : 0,
    minute: { used: minute?.count ?? 0, limit: app.perMinute, resetsInSeconds: secondsToReset(now) },
  };
}
export type AppUsage = Awaited<ReturnType<typeof appUsage>>;
