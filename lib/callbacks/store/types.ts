// The dispatcher store's interface and row types (the stores in sqlite.ts and pg.ts implement it).
import type { DeliveryCallbackFaults } from "../callback-faults";
import type { PostOutcome } from "../post";

/** The app's signing secret, and the one a rotation replaced with the end of its grace period. */
export type SigningSecrets = { signingSecret: string; previousSigningSecret: string | null; previousSecretExpiresAt: Date | null };
/**
 * A delivery to post (to its replay address when a replay gave one), with its
 * app's signing secrets, its callback faults, and whether it is a replay.
 */
export type DeliveryToSend = {
  id: string; url: string; body: string; app: SigningSecrets; faults?: DeliveryCallbackFaults | null; replay?: boolean;
  /** Its post was put off by its destination host's budget (Delivery.delayReason): the attempt's note says so. */
  delayed?: boolean;
  /** When it was due (the dispatcher's lag metric). */
  dueAt?: Date;
};
/** One host's posts counted in a clock minute (`window`: its index), as a throttle counts (lib/throttle.ts). */
export type HostPosts = { key: string; n: number; window: number; expiresAt: Date };
/** One attempt as recorded: the post's outcome, where it went, and what was done on purpose. */
export type AttemptRecord = PostOutcome & { url: string; note: string | null };

export interface DispatchStore {
  /**
   * Claims due deliveries (scheduled and due, or abandoned by a process that
   * died mid-send: lease run out) for `lease`; a row is claimed by one process
   * at a time. Rows of a throwaway sandbox that ended are marked NOT_SENT
   * instead (lib/services/sandbox-life.ts). Returns those to send, and how
   * many were due.
   */
  claimDue(now: Date, lease: Date, limit: number): Promise<{ toSend: DeliveryToSend[]; seen: number }>;
  /** When the earliest scheduled delivery is due. */
  nextDue(): Promise<Date | null>;
  /** Records one attempt and the delivery's new state; clears its replay address. */
  recordAttempt(id: string, at: Date, o: AttemptRecord): Promise<void>;
  /** Counts posts to a destination host in a minute (statements.ts `takeHostPosts`); answers the count after them. */
  takeHostPosts(p: HostPosts): Promise<number>;
  /** Schedules a delivery again at `until` with the reason its post was put off (statements.ts `delay`). */
  delay(id: string, until: Date, reason: string): Promise<void>;
  /** Calls `wake(dueAt)` when any instance schedules a callback; resolves to a stop function. */
  onScheduled(wake: (dueAt: Date) => void): Promise<() => Promise<void>>;
}
