// Waking this process's dispatcher when a callback was scheduled here (a
// call, a resolved held resource, a replay): it then posts the callback at its
// due time rather than at its next poll. The dispatcher registers itself
// (dispatcher.ts); other instances hear of it through the store's onScheduled.
import { part, runtime } from "@/lib/runtime";

type Wake = (dueAt: Date) => void;

// A part of the runtime: the console's routes run in Next's bundles, the dispatcher in the server's.
const WAKE = part<Wake>("dispatcherWake");

/** A callback due at `dueAt` was scheduled in this process. */
export function notifyScheduled(dueAt: Date): void {
  runtime().get(WAKE)?.(dueAt);
}

export function setDispatcherWake(wake: Wake | null): void {
  runtime().set(WAKE, wake ?? undefined);
}
