// What a clock is: the real one, and a `ManualClock` that tests move forward.
// The process reads one, its runtime's (lib/runtime.ts `clock`, `nowMs`,
// `nowDate`): throwaway sandboxes' ends, held expiry, rate windows, lockouts,
// reset links, resend and replay, try-it's limiter, callbacks' due times, and
// the timers the dispatcher and the sandbox sweeper wait on. The server makes
// its runtime with the real clock, or with TEST_CLOCK=1 a `ManualClock` that
// tests move forward through server/clock-control.ts instead of sleeping
// (server/portal.ts); Next's bundles read the same runtime, so the
// console's and try-it's rules follow that clock too. Durations measured for
// logs and the bench stay on performance.now().

/** A timer on a clock: `clear` cancels it. */
export type Timer = { clear(): void };

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once the clock has moved `ms` on (a real timer, unref'd; a manual clock's `advance` runs it early). */
  after(ms: number, fn: () => void): Timer;
}

/** `fn`, to run in the async context of this call (node:async_hooks, loaded so that no client bundle imports it). */
function inSettingContext(fn: () => void): () => void {
  const hooks = process.getBuiltinModule?.("node:async_hooks") as typeof import("node:async_hooks") | undefined;
  return hooks ? hooks.AsyncResource.bind(fn) : fn;
}

export const realClock: Clock = {
  now: Date.now,
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { clear: () => clearTimeout(t) };
  },
};

/**
 * Real time plus an offset that `advance` moves forward (never back): time
 * still passes, so nothing waiting on it stalls, and `advance(ms)` is as if ms
 * more had passed. Timers that are due by then run at once, each in the async
 * context it was set in (as a setTimeout's callback does), not the advancer's: a
 * portal's timer runs in that portal's runtime (lib/runtime.ts), whoever moves the clock.
 * `hold()` stops the time it reads where it is until `run()` (only `advance` moves it meanwhile), so that a
 * test's counts stay in one rate window however slow the machine. While held, what waits for the time to pass
 * (a lease, a lockout, a held expiry) waits for a move; timers still run after their real waits (a round of the
 * dispatcher's polling, a timeout), reading the time that stands. `run()` goes on from there, or from real time
 * if that is later.
 */
export class ManualClock implements Clock {
  private offset = 0;
  /** The time it reads while held; undefined while it runs with real time. */
  private heldAt: number | undefined;
  private readonly timers = new Set<ManualTimer>();

  now = (): number => this.heldAt ?? Date.now() + this.offset;

  /** Stops the time where it is (see the class): `advance` still moves it. */
  hold(): void {
    this.heldAt = this.now();
  }

  /**
   * Lets a held clock run with real time again: from the time it stood at, or real time if that is later (a
   * clock held longer than it had been moved on would otherwise run behind real time); the timers due then run.
   */
  run(): void {
    if (this.heldAt === undefined) return;
    this.offset = Math.max(0, this.heldAt - Date.now());
    this.heldAt = undefined;
    this.settle(true);
  }

  after(ms: number, fn: () => void): Timer {
    const t: ManualTimer = { at: this.now() + ms, fn: inSettingContext(fn), real: undefined };
    this.arm(t, ms);
    this.timers.add(t);
    return { clear: () => this.drop(t) };
  }

  /** Moves the clock `ms` forward and runs the timers due by then (the others' real waits shorten by as much); answers the new time. */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError("a clock moves forward only");
    if (this.heldAt === undefined) this.offset += ms;
    else this.heldAt += ms;
    // Held, a timer not yet due keeps its real wait: a move does not put off the next round of a poll.
    return this.settle(this.heldAt === undefined);
  }

  /** Runs the timers due now; re-arms the others for what is left of them (`rearm`). Answers the time. */
  private settle(rearm: boolean): number {
    const now = this.now();
    for (const t of [...this.timers]) {
      if (t.at <= now) this.fire(t);
      else if (rearm) this.arm(t, t.at - now);
    }
    return now;
  }

  private arm(t: ManualTimer, ms: number) {
    clearTimeout(t.real);
    t.real = setTimeout(() => this.fire(t), ms);
    t.real.unref();
  }

  private drop(t: ManualTimer) {
    clearTimeout(t.real);
    this.timers.delete(t);
  }

  private fire(t: ManualTimer) {
    if (!this.timers.has(t)) return;
    this.drop(t);
    t.fn();
  }
}

type ManualTimer = { at: number; fn: () => void; real: NodeJS.Timeout | undefined };

/**
 * Runs `fn` every `ms` on `c`, the next round armed before this one runs (a
 * manual clock's `advance` runs the round due); `clear` stops the rounds.
 */
export function every(c: Clock, ms: number, fn: () => void): Timer {
  let round: Timer | undefined;
  let stopped = false;
  const arm = () => {
    round = c.after(ms, () => {
      if (stopped) return;
      arm();
      fn();
    });
  };
  arm();
  return {
    clear: () => {
      stopped = true;
      round?.clear();
    },
  };
}

/**
 * A moment as people read it, its zone named: "14:52:03 EAT" on the day of
 * `now`, else "21 Nov 2026, 14:52 EAT"; in `timeZone`, else the reader's own.
 * The console shows every time so (components/ui/time.tsx), rendered on the
 * server, where the reader's zone is unknown, in UTC.
 */
export function localTime(date: Date, now: Date | null = new Date(), timeZone?: string): string {
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  const today = now !== null && day(date) === day(now);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    ...(today ? {} : { day: "numeric", month: "short", year: "numeric" }),
    hour: "2-digit", minute: "2-digit", ...(today ? { second: "2-digit" } : {}),
    timeZoneName: "short",
  }).format(date);
}

/** The same for a reader whose zone nobody knows (a mail's): the date and the time in UTC, "21 Nov 2026, 14:52 UTC". */
export const utcTime = (date: Date): string => localTime(date, null, "UTC");
