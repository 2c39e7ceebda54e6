// Fixed windows (a clock minute, a clock hour) in tests: a test's counts must
// fall in one window, or a window ending mid-test splits them.
import type { ManualClock } from "@/lib/clock";
import { advanceClock } from "./server";

/**
 * Moves the clocks of servers started with `testClock` (./server.ts) on to the
 * start of the next clock hour (throttles counted per hour), all to the same
 * instant: the test's counts then fall in one window. Answers that instant.
 */
export async function nextHour(...origins: string[]): Promise<number> {
  return nextWindow(3_600_000, origins);
}

/**
 * Moves the clocks of those servers on to the start of the next clock minute, all to the same instant (several
 * instances on one database move together), and holds them there (lib/clock.ts ManualClock `hold`: the time they
 * read stands still; their timers still run after their real waits): a test's counts stay in that minute however
 * long the machine takes to answer them, where a running clock would pass into the next one on a slow machine.
 * A later move (`advanceClock`) keeps them held; `letClocksRun` lets them run again. Answers that instant.
 */
export async function holdNextMinute(...origins: string[]): Promise<number> {
  return nextWindow(60_000, origins, true);
}

/** Lets clocks held by holdNextMinute run with real time again, from where they stand. */
export async function letClocksRun(...origins: string[]): Promise<void> {
  await Promise.all(origins.map((o) => advanceClock(o, 0, { hold: false })));
}

/** The start of the window of `windowMs` after the one `now` is in. */
const windowAfter = (now: number, windowMs: number) => (Math.floor(now / windowMs) + 1) * windowMs;

async function nextWindow(windowMs: number, origins: string[], hold?: boolean): Promise<number> {
  const now = Math.max(...(await Promise.all(origins.map((o) => advanceClock(o, 0)))));
  const at = windowAfter(now, windowMs);
  await Promise.all(origins.map((o) => advanceClock(o, at, { hold })));
  return at;
}

/** The same for a portal in this process (its `ManualClock`): moved `plusMs` past the start of its next window. */
export function clockToNextWindow(clock: ManualClock, windowMs: number, plusMs = 0): number {
  const now = clock.now();
  return clock.advance(windowAfter(now, windowMs) + plusMs - now);
}

/** clockToNextWindow, with the clock held there (as holdNextMinute): a burst's count stays in that window; `clock.run()` after the test. */
export function holdAtNextWindow(clock: ManualClock, windowMs: number, plusMs = 0): number {
  clock.hold();
  return clockToNextWindow(clock, windowMs, plusMs);
}
