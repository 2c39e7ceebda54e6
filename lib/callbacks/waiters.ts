// In-process wake-ups for "wait for a callback" (lib/dev/wait.ts): when this
// process records an attempt, the waits on that delivery wake at once. Waits
// also poll the database, so an attempt made by another instance is seen too.

// On globalThis: the console's routes run in Next's bundles, the gateway in the server's.
const g = globalThis as unknown as { __svcWaiters?: Map<string, Set<() => void>> };
const waiting = (g.__svcWaiters ??= new Map());

/** Resolves when this process records an attempt of `deliveryId`, or when `ms` pass, or `signal` aborts. */
export function attemptSignal(deliveryId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(deliveryId) ?? new Set();
    waiting.set(deliveryId, set);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      set.delete(done);
      if (set.size === 0 && waiting.get(deliveryId) === set) waiting.delete(deliveryId);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done, { once: true });
    set.add(done);
  });
}

/** An attempt of `deliveryId` was recorded by this process. */
export function attemptRecorded(deliveryId: string): void {
  const set = waiting.get(deliveryId);
  if (set) for (const wake of [...set]) wake();
}
