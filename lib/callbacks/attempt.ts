// Posting a delivery once and recording the attempt: shared by the dispatcher and resend.
import type { Db } from "@/lib/db/client";
import { postCallback, type PostOutcome } from "./post";

export type DeliveryRow = { id: string; appId: string; url: string | null; body: string };

export async function attempt(db: Db, d: DeliveryRow & { url: string }): Promise<PostOutcome> {
  const app = await db.app.findUnique({ where: { id: d.appId }, select: { signingSecret: true } });
  const at = new Date();
  const outcome = app
    ? await postCallback(d.url, d.body, d.id, app.signingSecret)
    : { status: null, error: "not sent: the app was deleted", durationMs: 0, responseBody: null };
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
