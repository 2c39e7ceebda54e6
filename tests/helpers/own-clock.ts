// This test process on a clock the test moves on (lib/clock.ts ManualClock), for
// rules it runs in-process (lib calls against the suite's database): import it
// first, before any module that reads the runtime (lib/runtime.ts).
import { ManualClock } from "@/lib/clock";
import { installRuntime, Runtime } from "@/lib/runtime";

export const ownClock = new ManualClock();
installRuntime(new Runtime(ownClock));
