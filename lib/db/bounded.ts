// Per-app bounded tables (request log, inspector inbox, listeners' relays, receiver checks): keep the newest N rows
// by `seq`. The delete runs every N/10 inserts of an app (at most every 200),
// so a table holds at most N + N/10 rows of an app between two prunes.
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
  const every = Math.max(1, Math.min(200, Math.floor(keep / 10)));
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
