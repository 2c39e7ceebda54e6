// "Send it again": the same body to the same address under the same delivery id,
// one more attempt. Resends count toward a per-app limit, a delivery has at most
// ATTEMPTS_PER_DELIVERY attempts, and one resend at a time per delivery: a lease
// on the row (resendUntil), taken in one conditional update, refused while held.
// Each post counts in its destination host's budget too (host-budget.ts): past
// it, "Send it again" schedules the delivery for the next minute (the answer's
// `delayed` says when and why), and "Send copy", a trial, answers 429.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";
import { attempt, liveSecrets } from "./attempt";
import { storedCallbackFaults } from "./callback-faults";
import { CALLBACK_TIMEOUT_MS, postCallback } from "./post";
import { isHttpUrl } from "./schedule";
import { endResendLease, takeResendLease } from "./store/deliveries";
import { config, nowDate, nowMs } from "@/lib/runtime";
import { takeHostBudget } from "./host-budget";
import { routeFor } from "./policy";

/** Longer than one post can take, so a lease that runs out means its process died. */
const RESEND_LEASE_MS = CALLBACK_TIMEOUT_MS + 5_000;
/** Callbacks posted again per app a minute: resends, copies to another URL and each delivery of a replay (replay.ts) count toward it. */
export const resendBudget = () => new Throttle(APP_THROTTLES.resend, config.resendsPerMinute, 60);

export async function takeResend(appId: string) {
  await resendBudget().enforce(appId, (s) => `at most ${config.resendsPerMinute} resends a minute per app; try again in ${s} s`);
}

export async function resendDelivery(deliveryId: string, appId: string, db: Db = defaultDb) {
  const d = await db.delivery.findFirst({ where: { id: deliveryId, appId }, include: { app: { select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } } } });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  if (!isHttpUrl(d.url)) throw new ApiError("CONFLICT", "this callback has no http or https address to send to");
  if (d.state === "SENDING") throw new ApiError("CONFLICT", "this callback is being sent right now; wait for that attempt to finish");
  if (d.state === "SCHEDULED") {
    throw new ApiError("CONFLICT", d.attempts > 0 ? "this callback is queued to be sent again (a replay); wait for that attempt" : "this callback has not been sent yet; it goes out at its due time");
  }
  if (d.attempts >= config.attemptsPerDelivery) {
    throw new ApiError("CONFLICT", `this callback has had ${d.attempts} attempts, the most a delivery can have`);
  }
  const now = nowDate();
  const lease = await takeResendLease(db, d.id, now, new Date(now.getTime() + RESEND_LEASE_MS));
  if (lease !== 1) throw new ApiError("CONFLICT", "this callback is being sent again right now; wait for that attempt to finish");
  try {
    await takeResend(appId);
    return await attempt({ ...d, url: d.url, faults: storedCallbackFaults(d.faults) });
  } finally {
    await endResendLease(db, d.id);
  }
}

/**
 * "Send to another URL": one signed POST of the same body, under the same
 * delivery id, to an address the user gives (e.g. a local tunnel). A trial:
 * the delivery's state and attempts stay as they are; the outcome is returned.
 * The callback network policy applies (postCallback), and the resend limit.
 */
export async function sendDeliveryTo(deliveryId: string, appId: string, url: string, db: Db = defaultDb) {
  if (!isHttpUrl(url)) {
    throw new ApiError("VALIDATION_ERROR", "url must be an http or https URL", {}, [{ field: "url", message: "url must be an http or https URL" }]);
  }
  const d = await db.delivery.findFirst({ where: { id: deliveryId, appId }, include: { app: { select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } } } });
  if (!d) throw new ApiError("NOT_FOUND", `no delivery ${deliveryId} for this app`);
  await takeResend(appId);
  // A trial, not a delivery: past the host's budget there is nothing to schedule, so it is refused (429) to try again.
  const route = await routeFor(url);
  const delayed = await takeHostBudget(route, 1, nowMs());
  if (delayed) {
    const retryAfter = Math.max(1, Math.ceil((delayed.until.getTime() - nowMs()) / 1000));
    throw new ApiError("RATE_LIMITED", `not sent: ${delayed.reason}; try again in ${retryAfter} s`, { "retry-after": String(retryAfter) });
  }
  return { url, ...(await postCallback(url, d.body, d.id, liveSecrets(d.app, nowDate()), undefined, route)) };
}
