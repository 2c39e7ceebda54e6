// "Send it again": the same body to the same address under the same delivery id, one more attempt.
import { db as defaultDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { attempt } from "./attempt";
import { postCallback } from "./post";
import { isHttpUrl } from "./schedule";

export async function resendDelivery(deliveryId: string, appId: string, db: Db = defaultDb) {
  const d = await db.delivery.findFirst({ where: { id: deliveryId, appId }, include: { app: { select: { signingSecret: true } } } });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  if (!isHttpUrl(d.url)) throw new ApiError("CONFLICT", "this callback has no http or https address to send to");
  if (d.state === "SCHEDULED" || d.state === "SENDING") {
    throw new ApiError("CONFLICT", "this callback has not been sent yet; it goes out at its due time");
  }
  return attempt({ ...d, url: d.url });
}

/**
 * "Send to another URL": one signed POST of the same body, under the same
 * delivery id, to an address the user gives (e.g. a local tunnel). A trial:
 * the delivery's state and attempts stay as they are; the outcome is returned.
 */
export async function sendDeliveryTo(deliveryId: string, appId: string, url: string, db: Db = defaultDb) {
  if (!isHttpUrl(url)) {
    throw new ApiError("VALIDATION_ERROR", "url must be an http or https URL", {}, [{ field: "url", message: "url must be an http or https URL" }]);
  }
  const d = await db.delivery.findFirst({ where: { id: deliveryId, appId }, include: { app: { select: { signingSecret: true } } } });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  return { url, ...(await postCallback(url, d.body, d.id, d.app.signingSecret)) };
}
