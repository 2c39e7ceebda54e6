// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
// The delivery's callback faults (faults.ts) are followed here: a wrong
// signature, or a second post under the same delivery id.
import { nowDate } from "@/lib/runtime";
import { attemptNote, signingSecretsFor } from "./faults";
import { postCallback, type PostOutcome } from "./post";
import { dispatchStore, type AttemptRecord, type DeliveryToSend, type SigningSecrets } from "./store";
import { wakeups } from "@/lib/db/wakeups";

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
      console.warn(`[callbacks] delivery ${id}: recording its attempt failed, trying again (${(e as Error).message})`);
      await new Promise((r) => setTimeout(r, RECORD_RETRY_MS[i]));
    }
  }
}

async function postOnce(d: DeliveryToSend, second: boolean): Promise<PostOutcome> {
  const at = nowDate(); // the process's clock (lib/runtime.ts): the retry's due time counts from it
  const outcome = await postCallback(d.url, d.body, d.id, signingSecretsFor(d.faults, liveSecrets(d.app, at)));
  await record(d.id, at, { ...outcome, url: d.url, note: attemptNote(d.faults, { replay: d.replay, second }) });
  attemptWakeups.notify(d.id);
  return outcome;
}

/** One attempt (two with the duplicate fault: the second is noted); answers the first's outcome. */
export async function attempt(d: DeliveryToSend): Promise<PostOutcome> {
  const first = await postOnce(d, false);
  if (d.faults?.duplicate) await postOnce(d, true);
  return first;
}
