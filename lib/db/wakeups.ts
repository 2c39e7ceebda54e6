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

export function wakeups(name: string): Wakeups {
  const all = runtime().of(WAKEUPS, () => new Map<string, Waiters>());
  const waiting: Waiters = all.get(name) ?? new Map();
  all.set(name, waiting);
  return {
    notify(key) {
      const set = waiting.get(key);
      if (set) for (const wake of [...set]) wake();
    },
    wait(key, ms, signal) {
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
