// Posts scheduled callbacks when they are due. One per server process, started
// by server/portal.ts. Rows are claimed with a lease, so a crash or a
// restart loses nothing: overdue and abandoned rows go out when it is back (or,
// with several instances on PostgreSQL, at once from another instance, which
// hears of new callbacks through the store's onScheduled and polls as a backstop).
// Due times and its timer are on the runtime's clock (lib/runtime.ts): moving it
// on wakes the dispatcher. Its state is a part of the runtime, which stops it on drain.
import { every, type Timer } from "@/lib/clock";
import { clock, part, runtime } from "@/lib/runtime";
import { log } from "@/lib/log";
import { type CallbackOutcome, countCallback, metrics } from "@/lib/ops/metrics";
import { attempt } from "./attempt";
import { expireHeld, expirySweepMs } from "./held";
import { CALLBACK_TIMEOUT_MS } from "./post";
import { dispatchStore } from "./store";
import { setDispatcherWake } from "./wake";

// Just longer than the 10 s callback wait: a lease that runs out means its process
// died mid-post, and the callback goes out again (at-least-once) as soon as possible.
// A process that is still posting it (its record waited long, or a test moved the
// clock on past the lease) claims it again but does not post it again: `posting`.
// One scheduled again meanwhile (a replay: a new due time) is posted as any due row.
export const LEASE_MS = CALLBACK_TIMEOUT_MS + 2_000;
const POLL_MS = 1_000;
const BATCH = 200;
const STARTS_PER_TURN = 16;
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

type State = {
  timer: Timer | null; wakeAt: number; running: boolean; again: boolean; stopped: boolean;
  inflight: Set<Promise<unknown>>; unlisten?: Promise<() => Promise<void>>;
  /** The deliveries this process is posting (until their attempt is recorded), with the due time each was claimed at. */
  posting: Map<string, number | undefined>;
  /** The sweep that resolves expired held resources (held.ts), and whether one is running. */
  sweep?: Timer; sweeping?: boolean;
};
const DISPATCHER = part<State>("dispatcher");

function schedule(st: State, at: number) {
  if (st.stopped) return;
  const now = clock().now();
  at = Math.max(now, Math.min(at, now + POLL_MS));
  if (st.timer && st.wakeAt <= at) return;
  st.timer?.clear();
  st.wakeAt = at;
  st.timer = clock().after(at - now, () => {
    st.timer = null;
    void tick(st);
  });
}

async function tick(st: State) {
  if (st.running) {
    st.again = true; // the running tick goes round once more
    return;
  }
  st.running = true;
  st.again = false;
  try {
    await claimAndSend(st);
    const next = await dispatchStore().nextDue();
    const now = clock().now();
    metrics().oldestDue.set(next && next.getTime() <= now ? (now - next.getTime()) / 1000 : 0);
    schedule(st, st.again ? now : next ? next.getTime() : now + POLL_MS);
  } catch (e) {
    log().error({ err: e }, "[callbacks] dispatcher tick failed");
    schedule(st, clock().now() + POLL_MS);
  } finally {
    st.running = false;
  }
}

async function claimAndSend(st: State) {
  for (;;) {
    const now = new Date(clock().now());
    const { toSend, seen } = await dispatchStore().claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const [i, d] of toSend.entries()) {
      // Starting a post (signing, a request) takes tens of microseconds: a
      // claim of 200 started at once would hold the gateway's calls for
      // milliseconds, so they get a turn between every few.
      if (i > 0 && i % STARTS_PER_TURN === 0) await nextTurn();
      // Claimed again at the same due time: its lease ran out while this process still posts it, and that post settles it.
      const due = d.dueAt?.getTime();
      if (st.posting.has(d.id) && st.posting.get(d.id) === due) continue;
      st.posting.set(d.id, due);
      const late = d.dueAt ? (now.getTime() - d.dueAt.getTime()) / 1000 : 0;
      const p = attempt(d)
        .then((o) => {
          const outcome: CallbackOutcome = o.refused ? "refused" : o.status !== null && o.status >= 200 && o.status < 300 ? "delivered" : "failed";
          // Put off by its host's budget, nothing was posted: counted when it is (its lag then includes the wait).
          if (!o.delayed) countCallback(outcome, late);
          // One line per attempt, with its delivery: never its URL (it may carry the receiver's own secret), body or signature.
          log().info({ deliveryId: d.id, outcome: o.delayed ? "delayed" : outcome, status: o.status, ms: o.durationMs, lateMs: Math.round(late * 1000) }, "[callbacks] attempt");
        })
        .catch((e) => log().error({ deliveryId: d.id, err: e }, "[callbacks] a delivery failed to record"))
        .finally(() => {
          st.inflight.delete(p);
          if (st.posting.get(d.id) === due) st.posting.delete(d.id);
        });
      st.inflight.add(p);
    }
    if (seen < BATCH) return;
  }
}

/**
 * Every instance resolves the held resources nobody resolved in time (the
 * resolve is conditional, so two instances never resolve one twice); one
 * sweep at a time, awaited on shutdown like a post in flight.
 */
function sweepHeld(st: State) {
  if (st.sweeping || st.stopped) return;
  st.sweeping = true;
  const p = expireHeld()
    .catch((e) => log().error({ err: e }, "[callbacks] resolving expired held resources failed"))
    .finally(() => {
      st.sweeping = false;
      st.inflight.delete(p);
    });
  st.inflight.add(p);
}

export function startDispatcher(): void {
  const rt = runtime();
  const running = rt.get(DISPATCHER);
  if (running && !running.stopped) return;
  const st: State = { timer: null, wakeAt: 0, running: false, again: false, stopped: false, inflight: new Set(), posting: new Map() };
  rt.set(DISPATCHER, st);
  rt.onStop(stopDispatcher); // the drain waits for the posts in flight
  st.unlisten = dispatchStore().onScheduled((dueAt) => schedule(st, dueAt.getTime()));
  setDispatcherWake((dueAt) => schedule(st, dueAt.getTime()));
  st.sweep = every(clock(), expirySweepMs(), () => sweepHeld(st)); // the held expiry's rounds: moving the clock on runs the round due
  void tick(st);
}

export async function stopDispatcher(): Promise<void> {
  const st = runtime().get(DISPATCHER);
  if (!st || st.stopped) return;
  st.stopped = true;
  setDispatcherWake(null);
  st.sweep?.clear();
  st.timer?.clear();
  await (await st.unlisten)?.();
  await Promise.allSettled([...st.inflight]);
}
