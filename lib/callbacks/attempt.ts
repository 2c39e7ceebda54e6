// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
import { postCallback, type PostOutcome } from "./post";
import { dispatchStore, type DeliveryToSend } from "./store";

export type { DeliveryToSend };

export async function attempt(d: DeliveryToSend): Promise<PostOutcome> {
  const at = new Date();
  const outcome = await postCallback(d.url, d.body, d.id, d.app.signingSecret);
  await dispatchStore().recordAttempt(d.id, at, outcome);
  return outcome;
}
