// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
import type { Db } from "@/lib/db/client";
import { postCallback, type PostOutcome } from "./post";

/** A delivery to post, with its app's signing secret. */
export type DeliveryToSend = { id: string; url: string; body: string; app: { signingSecret: string } };

export async function attempt(db: Db, d: DeliveryToSend): Promise<PostOutcome> {
  const at = new Date();
  const outcome = await postCallback(d.url, d.body, d.id, d.app.signingSecret);
  await db.$transaction([
    db.deliveryAttempt.create({
      data: { deliveryId: d.id, at, status: outcome.status, error: outcome.error, durationMs: outcome.durationMs, responseBody: outcome.responseBody },
    }),
    db.delivery.update({
      where: { id: d.id },
      data: {
        state: outcome.error ? "FAILED" : "DELIVERED",
        attempts: { increment: 1 },
        lastStatus: outcome.status,
        lastError: outcome.error,
        leaseUntil: null,
      },
    }),
  ]);
  return outcome;
}
