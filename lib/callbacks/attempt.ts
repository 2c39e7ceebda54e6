// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
import { postCallback, type PostOutcome } from "./post";
import { recordAttempt, type DeliveryToSend, type SigningSecrets } from "./store";

export type { DeliveryToSend };

/** The secrets that sign now: the current one, and the replaced one during its grace period. */
export function liveSecrets(app: SigningSecrets, now: Date): string[] {
  const { signingSecret, previousSigningSecret: previous, previousSecretExpiresAt: until } = app;
  return previous && until && until > now ? [signingSecret, previous] : [signingSecret];
}

export async function attempt(d: DeliveryToSend): Promise<PostOutcome> {
  const at = new Date();
  const outcome = await postCallback(d.url, d.body, d.id, liveSecrets(d.app, at));
  await recordAttempt(d.id, at, outcome);
  return outcome;
}
