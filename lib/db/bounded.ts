// Per-app bounded tables (request log, inspector inbox, listeners' relays, receiver checks): keep the newest N rows
// by `seq`. The delete runs every N/10 inserts of an app on each instance,
// so between two prunes a table holds at most N + N/10 rows of an app, and
// N/10 more for each further instance. Finding the cut walks N index entries, so every N/10 costs each
// insert about 10 entries whatever N is (every 200, as before, cost N/200:
// 50 at the default 10,000; with the bench's raised bounds, half a status
// call's PostgreSQL statement time, /docs/performance).
import type { Db } from "./prisma";

type Delegate = {
  findFirst(args: { where: { appId: string }; orderBy: { seq: "desc" }; skip: number; select: { seq: true } }): Promise<{ seq: number } | null>;
  deleteMany(args: { where: { appId: string; seq: { lte: number } } }): Promise<unknown>;
};
const tables = {
  InboxEntry: (db: Db) => db.inboxEntry as unknown as Delegate,
  Relay: (db: Db) => db.relay as unknown as Delegate,
  ReceiverCheck: (db: Db) => db.receiverCheck as unknown as Delegate,
};
const counters = new Map<string, number>();

/** Counts an insert; true when this app's table is due for a prune. */
export function duePrune(table: string, appId: string, keep: number): boolean {
  const key = `${table}|${appId}`;
  const every = Math.max(1, Math.floor(keep / 10));
  const n = (counters.get(key) ?? 0) + 1;
  if (n < every) {
    counters.set(key, n);
    return false;
  }
  counters.delete(key);
  if (counters.size > 10_000) counters.clear(); // bounded too; a cleared counter only delays a prune
  return true;
}

export async function keepNewest(db: Db, table: keyof typeof tables, appId: string, keep: number): Promise<void> {
  if (!duePrune(table, appId, keep)) return;
  const model = tables[table](db);
  const cutoff = await model.findFirst({ where: { appId }, orderBy: { seq: "desc" }, skip: keep, select: { seq: true } });
  if (cutoff) await model.deleteMany({ where: { appId, seq: { lte: cutoff.seq } } });
}
