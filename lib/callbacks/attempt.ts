// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
// The delivery's callback faults (faults.ts) are followed here: a wrong
// signature, or a second post under the same delivery id. Its posts count in
// its destination host's budget first (host-budget.ts): past it, the delivery
// waits for the next minute instead.
import { nowDate, nowMs } from "@/lib/runtime";
import { log } from "@/lib/log";
import { attemptNote, signingSecretsFor } from "./callback-faults";
import { takeHostBudget, type Delay } from "./host-budget";
import { routeFor, type Route } from "./policy";
import { postCallback, type PostOutcome } from "./post";
import { dispatchStore, type AttemptRecord, type DeliveryToSend, type SigningSecrets } from "./store";
import { wakeups } from "@/lib/db/wakeups";
import { notifyScheduled } from "./wake";

/** Waits for a callback (lib/devapi/wait.ts) wake when this process records an attempt of their delivery. */
export const attemptWakeups = wakeups("attempts");

export type { DeliveryToSend };

/** The secrets that sign now: the current one, and the replaced one during its grace period. */
export function liveSecrets(app: SigningSecrets, now: Date): string[] {
  const { signingSecret, previousSigningSecret: previous, previousSecretExpiresAt: until } = app;
  return previous && until && until > now ? [signingSecret, previous] : [signingSecret];
}

/**
 * Waits before each new try of an attempt's record that failed (the database
 * away for a moment): 5.25 s in all, inside the delivery's lease in most cases.
 * After the last, the error is thrown and the lease's end sends the callback
 * again (at-least-once), so the delivery is never lost, only this post's record.
 */
const RECORD_RETRY_MS = [250, 1_000, 4_000];

async function record(id: string, at: Date, o: AttemptRecord): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await dispatchStore().recordAttempt(id, at, o);
    } catch (e) {
      if (i >= RECORD_RETRY_MS.length) throw e;
      log().warn({ deliveryId: id, reason: (e as Error).message }, "[callbacks] recording a delivery's attempt failed, trying again");
      await new Promise((r) => setTimeout(r, RECORD_RETRY_MS[i]));
    }
  }
}

async function postOnce(d: DeliveryToSend, route: Route, second: boolean): Promise<PostOutcome> {
  const at = nowDate(); // the process's clock (lib/runtime.ts): the retry's due time counts from it
  const outcome = await postCallback(d.url, d.body, d.id, signingSecretsFor(d.faults, liveSecrets(d.app, at)), undefined, route);
  await record(d.id, at, { ...outcome, url: d.url, note: attemptNote(d.faults, { replay: d.replay, second, delayed: d.delayed }) });
  attemptWakeups.notify(d.id);
  return outcome;
}

/** An attempt's outcome; `delayed` when its host's budget put it off (nothing was posted, the delivery waits). */
export type Attempted = PostOutcome & { delayed: Delay | null };

/**
 * One attempt (two with the duplicate fault: the second is noted); answers
 * the first's outcome. Past its destination host's budget nothing is posted:
 * the delivery is scheduled again for the next minute with the reason, and
 * this process's dispatcher woken for it.
 */
export async function attempt(d: DeliveryToSend): Promise<Attempted> {
  const route = await routeFor(d.url);
  const delayed = await takeHostBudget(route, d.faults?.duplicate ? 2 : 1, nowMs());
  if (delayed) {
    await dispatchStore().delay(d.id, delayed.until, `delayed: ${delayed.reason}; it goes in the next minute, at ${delayed.until.toISOString()}`);
    notifyScheduled(delayed.until);
    return { status: null, error: null, responseBody: null, durationMs: 0, headers: {}, delayed };
  }
  const first = await postOnce(d, route, false);
  if (d.faults?.duplicate) await postOnce(d, route, true);
  return { ...first, delayed: null };
}
