// Waking this process's dispatcher when a callback was scheduled here (a
// call, a resolved held resource, a replay): it then posts the callback at its
// due time rather than at its next poll. The dispatcher registers itself
// (dispatcher.ts); other instances hear of it through the store's onScheduled.
type Wake = (dueAt: Date) => void;

// On globalThis: the console's routes run in Next's bundles, the dispatcher in the server's.
const g = globalThis as unknown as { __svcDispatcherWake?: Wake | null };

/** A callback due at `dueAt` was scheduled in this process. */
export function notifyScheduled(dueAt: Date): void {
  g.__svcDispatcherWake?.(dueAt);
}

export function setDispatcherWake(wake: Wake | null): void {
  g.__svcDispatcherWake = wake;
}
