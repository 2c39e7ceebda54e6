// In-process wake-ups for readers that poll the database (wait for a callback,
// the listeners' stream): what this process writes wakes its own readers at
// once; what other instances write is seen at the next poll.
import { part, runtime } from "@/lib/runtime";

type Waiters = Map<string, Set<() => void>>;
// A part of the runtime: the console's routes run in Next's bundles, the gateway and the streams in the server's.
const WAKEUPS = part<Map<string, Waiters>>("wakeups");

export type Wakeups = {
  /** Something about `key` changed in this process: its waits resolve now. */
  notify(key: string): void;
  /** Resolves when `key` is notified, after `ms`, or when `signal` aborts, whichever is first. */
  wait(key: string, ms: number, signal?: AbortSignal): Promise<void>;
};

/**
 * Wake-ups named `name`. The map is looked up in the current runtime at each notify and wait, never
 * when this is called: modules call it when they load, before any portal exists (and Next's bundles
 * load their own copies inside a request), so a map kept from then would be another runtime's.
 */
export function wakeups(name: string): Wakeups {
  const waitingNow = (): Waiters => {
    const all = runtime().of(WAKEUPS, () => new Map<string, Waiters>());
    let waiting = all.get(name);
    if (!waiting) all.set(name, (waiting = new Map()));
    return waiting;
  };
  return {
    notify(key) {
      const set = waitingNow().get(key);
      if (set) for (const wake of [...set]) wake();
    },
    wait(key, ms, signal) {
      const waiting = waitingNow();
      return new Promise((resolve) => {
        const set = waiting.get(key) ?? new Set();
        waiting.set(key, set);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          set.delete(done);
          if (set.size === 0 && waiting.get(key) === set) waiting.delete(key);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        signal?.addEventListener("abort", done, { once: true });
        set.add(done);
      });
    },
  };
}
