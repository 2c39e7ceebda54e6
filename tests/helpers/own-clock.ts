// This test process on a clock the test moves on (lib/clock.ts ManualClock), for
// rules it runs in-process (lib calls against the suite's database): import it
// first, before any module that reads the runtime (lib/runtime.ts).
import { ManualClock } from "@/lib/clock";
import { installRuntime, Runtime } from "@/lib/runtime";

export const ownClock = new ManualClock();
installRuntime(new Runtime(ownClock));

/** Moves this process's clock on to the start of the next clock minute: counts made from here fall in one window. */
export function nextOwnMinute(): number {
  const now = ownClock.now();
  return ownClock.advance((Math.floor(now / 60_000) + 1) * 60_000 - now);
}
