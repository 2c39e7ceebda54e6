// What a clock is: the real one, and a `ManualClock` that tests move forward.
// The process reads one, its runtime's (lib/runtime.ts `clock`, `nowMs`,
// `nowDate`): throwaway sandboxes' ends, held expiry, rate windows, lockouts,
// reset links, resend and replay, try-it's limiter, callbacks' due times, and
// the timers the dispatcher and the sandbox sweeper wait on. The server makes
// its runtime with the real clock, or with TEST_CLOCK=1 a `ManualClock` that
// tests move forward through server/clock-control.ts instead of sleeping
// (server/runtime-install.ts); Next's bundles read the same runtime, so the
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
 * more had passed. Timers that are due by then run at once.
 */
export class ManualClock implements Clock {
  private offset = 0;
  private readonly timers = new Set<ManualTimer>();

  now = (): number => Date.now() + this.offset;

  after(ms: number, fn: () => void): Timer {
    const t: ManualTimer = { at: this.now() + ms, fn, real: undefined };
    this.arm(t, ms);
    this.timers.add(t);
    return { clear: () => this.drop(t) };
  }

  /** Moves the clock `ms` forward and runs the timers due by then (the others' real waits shorten by as much); answers the new time. */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError("a clock moves forward only");
    this.offset += ms;
    const now = this.now();
    for (const t of [...this.timers]) {
      if (t.at <= now) this.fire(t);
      else this.arm(t, t.at - now);
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
