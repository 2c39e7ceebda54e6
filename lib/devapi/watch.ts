// One poller per app for the connections held open on it (waits for a
// callback, listeners' streams), instead of one per connection. Every POLL_MS
// it asks the database once per watched app — has an awaited delivery been
// attempted (or settled as not sent, or gone); did the app's inbox change —
// and once for all streams that copy callbacks (`all=true`): did attempts
// change. It then wakes the connections concerned through the same in-process
// wake-ups this process's own writes use (attemptWakeups, inboxWakeups), so
// rows another instance wrote are seen within POLL_MS, and each connection
// reads only when there is something to read.
import { attemptWakeups } from "@/lib/callbacks/attempt";
import { db } from "@/lib/db/prisma";
import { part, runtime } from "@/lib/runtime";
import { inboxWakeups } from "@/lib/inspector";
import { log } from "@/lib/log";

export const POLL_MS = 250;
/** How long attempt counts stay watched below the newest id: rows PostgreSQL commits late land in this range. */
const LATE_WINDOW_MS = 10_000;

type AppWatch = { deliveries: Map<string, number>; streams: number; copying: number; inbox: string | null };
type State = {
  apps: Map<string, AppWatch>;
  timer: NodeJS.Timeout | null;
  attempts: { mark: string | null; floor: number; floors: { at: number; id: number }[] };
};
const WATCH = part<State>("watch");
const state = (): State => runtime().of(WATCH, () => ({ apps: new Map(), timer: null, attempts: { mark: null, floor: 0, floors: [] } }));

function watchOf(appId: string): AppWatch {
  const s = state();
  let w = s.apps.get(appId);
  if (!w) s.apps.set(appId, (w = { deliveries: new Map(), streams: 0, copying: 0, inbox: null }));
  if (!s.timer) s.timer = setTimeout(tick, POLL_MS);
  return w;
}

function forget(appId: string, w: AppWatch) {
  if (w.deliveries.size === 0 && w.streams === 0) state().apps.delete(appId);
}

/** Watches a delivery for a wait: `attemptWakeups` is notified with its id when it has an attempt, is NOT_SENT or gone. */
export function watchDelivery(appId: string, deliveryId: string): () => void {
  const w = watchOf(appId);
  w.deliveries.set(deliveryId, (w.deliveries.get(deliveryId) ?? 0) + 1);
  return () => {
    const n = (w.deliveries.get(deliveryId) ?? 1) - 1;
    if (n > 0) w.deliveries.set(deliveryId, n);
    else w.deliveries.delete(deliveryId);
    forget(appId, w);
  };
}

/** Watches the app for a stream: `inboxWakeups` is notified with the app's id when its inbox changed (or, copying, any attempt). */
export function watchInbox(appId: string, copying: boolean): () => void {
  const w = watchOf(appId);
  w.streams++;
  if (copying) w.copying++;
  return () => {
    w.streams--;
    if (copying) w.copying--;
    forget(appId, w);
  };
}

async function probeDeliveries(appId: string, w: AppWatch) {
  const ids = [...w.deliveries.keys()];
  const rows = await db.delivery.findMany({ where: { appId, id: { in: ids } }, select: { id: true, attempts: true, state: true } });
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const d = found.get(id);
    if (!d || d.attempts > 0 || d.state === "NOT_SENT") attemptWakeups.notify(id);
  }
}

/** The app's inbox as a mark that changes with every insert or delete (late commits included). */
async function probeInbox(appId: string, w: AppWatch): Promise<boolean> {
  const a = await db.inboxEntry.aggregate({ where: { appId }, _max: { seq: true }, _count: true });
  const mark = `${a._max.seq ?? 0}:${a._count}`;
  const changed = w.inbox !== null && w.inbox !== mark;
  w.inbox = mark;
  return changed;
}

/** Attempts of any app since a floor kept ~LATE_WINDOW_MS behind the newest, as a mark. */
async function probeAttempts(now: number): Promise<boolean> {
  const s = state().attempts;
  if (s.mark === null) {
    // the first look: from the newest attempt on
    const newest = (await db.deliveryAttempt.aggregate({ _max: { id: true } }))._max.id ?? 0;
    Object.assign(s, { floor: newest, floors: [{ at: now, id: newest }], mark: `${newest}:${newest}:0` });
    return false;
  }
  const a = await db.deliveryAttempt.aggregate({ where: { id: { gt: s.floor } }, _max: { id: true }, _count: true });
  const newest = a._max.id ?? s.floor;
  s.floors.push({ at: now, id: newest });
  while (s.floors.length > 1 && s.floors[0]!.at < now - LATE_WINDOW_MS) s.floor = s.floors.shift()!.id;
  const mark = `${s.floor}:${newest}:${a._count}`;
  const changed = s.mark !== null && s.mark !== mark;
  s.mark = mark;
  return changed;
}

async function tick() {
  const s = state();
  try {
    const copying = [...s.apps.values()].some((w) => w.copying > 0);
    if (!copying) s.attempts = { mark: null, floor: 0, floors: [] };
    const attemptsChanged = copying ? await probeAttempts(Date.now()) : false;
    for (const [appId, w] of s.apps) {
      if (w.deliveries.size) await probeDeliveries(appId, w);
      if (w.streams && ((await probeInbox(appId, w)) || (w.copying && attemptsChanged))) inboxWakeups.notify(appId);
    }
  } catch (e) {
    log().error({ err: e }, "[watch] polling for held connections failed");
  } finally {
    s.timer = s.apps.size ? setTimeout(tick, POLL_MS) : null;
  }
}
