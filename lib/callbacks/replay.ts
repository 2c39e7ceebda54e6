// "Resend every failed delivery since T", optionally to another address:
// durable, through the dispatcher. The deliveries are marked SCHEDULED and due
// now (with Delivery.replayUrl when another address is given); the dispatcher
// posts them to coalesce(replayUrl, url), records the attempt's address and
// clears replayUrl. A restart loses none of them, like any scheduled callback.
import { config } from "@/lib/config";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { notifyScheduled } from "./wake";
import { routeFor } from "./policy";
import { takeResend } from "./resend";
import { isHttpUrl } from "./schedule";

/** At most this many deliveries per replay call (the oldest first); `more` says when others remain. */
export const REPLAY_MAX = 500;

const urlError = (message: string) => new ApiError("VALIDATION_ERROR", message, {}, [{ field: "url", message }]);

export type ReplayResult = {
  since: string;
  url: string | null;
  replayed: string[];
  skipped: { id: string; reason: string }[];
  more: boolean;
};

/** Failed deliveries of the app created at or after `since`, scheduled again now (to `url` when given). */
export async function replayFailed(appId: string, since: Date, url?: string | null, db: Db = defaultDb): Promise<ReplayResult> {
  if (Number.isNaN(since.getTime())) throw new ApiError("VALIDATION_ERROR", "since must be a date and time (ISO 8601)", {}, [{ field: "since", message: "since must be a date and time (ISO 8601)" }]);
  if (url !== undefined && url !== null) {
    if (!isHttpUrl(url)) throw urlError("url must be an http or https URL");
    const route = await routeFor(url);
    if (route.kind === "refused") throw urlError(`url is refused by the callback network policy: ${route.reason}`);
  }
  const now = new Date();
  const candidates = await db.delivery.findMany({
    where: { appId, state: "FAILED", createdAt: { gte: since } },
    orderBy: { seq: "asc" },
    take: REPLAY_MAX + 1,
    select: { id: true, attempts: true, url: true, resendUntil: true },
  });
  const more = candidates.length > REPLAY_MAX;
  const skipped: ReplayResult["skipped"] = [];
  const eligible: string[] = [];
  for (const d of candidates.slice(0, REPLAY_MAX)) {
    if (d.attempts >= config.attemptsPerDelivery) skipped.push({ id: d.id, reason: `has had ${d.attempts} attempts, the most a delivery can have` });
    else if (!url && !isHttpUrl(d.url)) skipped.push({ id: d.id, reason: "has no http or https address to send to" });
    else if (d.resendUntil && d.resendUntil > now) skipped.push({ id: d.id, reason: "is being sent again right now" });
    else eligible.push(d.id);
  }
  if (eligible.length) await takeResend(appId);
  // Conditional: a row that changed meanwhile (resent, pruned) is left as it is.
  const replayed: string[] = [];
  for (let i = 0; i < eligible.length; i += 100) {
    const ids = eligible.slice(i, i + 100);
    await db.delivery.updateMany({
      where: { appId, id: { in: ids }, state: "FAILED", attempts: { lt: config.attemptsPerDelivery } },
      data: { state: "SCHEDULED", dueAt: now, leaseUntil: null, replayUrl: url ?? null },
    });
    const marked = await db.delivery.findMany({ where: { appId, id: { in: ids }, state: { in: ["SCHEDULED", "SENDING"] } }, select: { id: true } });
    const set = new Set(marked.map((m) => m.id));
    for (const id of ids) {
      if (set.has(id)) replayed.push(id);
      else skipped.push({ id, reason: "changed while being replayed" });
    }
  }
  if (replayed.length) notifyScheduled(now);
  return { since: since.toISOString(), url: url ?? null, replayed, skipped, more };
}
