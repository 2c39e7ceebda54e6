// "Send it again": the same body to the same address under the same delivery id, one more attempt.
import { db as defaultDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { attempt } from "./attempt";
import { isHttpUrl } from "./schedule";

export async function resendDelivery(deliveryId: string, appId: string, db: Db = defaultDb) {
  const d = await db.delivery.findFirst({ where: { id: deliveryId, appId }, include: { app: { select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } } } });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  if (!isHttpUrl(d.url)) throw new ApiError("CONFLICT", "this callback has no http or https address to send to");
  if (d.state === "SCHEDULED" || d.state === "SENDING") {
    throw new ApiError("CONFLICT", "this callback has not been sent yet; it goes out at its due time");
  }
  return attempt({ ...d, url: d.url });
}
