// "Resend every failed delivery since T", optionally to another address:
// durable, through the dispatcher. The deliveries are marked SCHEDULED and due
// now (with Delivery.replayUrl when another address is given); the dispatcher
// posts them to coalesce(replayUrl, url), records the attempt's address and
// clears replayUrl. A restart loses none of them, like any scheduled callback.
// Every delivery a replay posts again counts toward the app's resends a minute
// (RESENDS_PER_MINUTE, shared with "Send it again" and "Send copy"), and one
// call replays at most REPLAY_MAX: what it leaves for later is `left`.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { notifyScheduled } from "./wake";
import { routeFor } from "./policy";
import { resendBudget } from "./resend";
import { isHttpUrl } from "./schedule";
import { replayDelivery } from "./store/deliveries";
import { config, nowDate } from "@/lib/runtime";

/** At most this many deliveries per replay call (the oldest first); `left` says how many remain. */
export const REPLAY_MAX = 50;

const urlError = (message: string) => new ApiError("VALIDATION_ERROR", message, {}, [{ field: "url", message }]);

export type ReplayResult = {
  since: string;
  url: string | null;
  replayed: string[];
  skipped: { id: string; reason: string }[];
  /** Failed deliveries since `since` that could be replayed but were not in this call (the per-call cap or the resend budget). */
  left: number;
  /** `left` > 0: call again (after the minute, when the budget ran out) to replay them. */
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
  const now = nowDate();
  const failed = { appId, state: "FAILED", createdAt: { gte: since } };
  const [candidates, capped, replayable] = await Promise.all([
    db.delivery.findMany({
      where: { ...failed, attempts: { lt: config.attemptsPerDelivery } },
      orderBy: { seq: "asc" },
      take: REPLAY_MAX,
      select: { id: true, url: true, resendUntil: true },
    }),
    db.delivery.findMany({ where: { ...failed, attempts: { gte: config.attemptsPerDelivery } }, orderBy: { seq: "asc" }, take: REPLAY_MAX, select: { id: true, attempts: true } }),
    db.delivery.count({ where: { ...failed, attempts: { lt: config.attemptsPerDelivery } } }),
  ]);
  const skipped: ReplayResult["skipped"] = capped.map((d) => ({ id: d.id, reason: `has had ${d.attempts} attempts, the most a delivery can have` }));
  const eligible: string[] = [];
  for (const d of candidates) {
    if (!url && !isHttpUrl(d.url)) skipped.push({ id: d.id, reason: "has no http or https address to send to" });
    else if (d.resendUntil && d.resendUntil > now) skipped.push({ id: d.id, reason: "is being sent again right now" });
    else eligible.push(d.id);
  }
  const budget = resendBudget();
  let chosen: string[] = [];
  if (eligible.length) {
    const taken = await budget.take(appId, { n: eligible.length, now: now.getTime() });
    await budget.refund(appId, { n: eligible.length - taken.granted, now: now.getTime() });
    if (taken.granted === 0) {
      throw new ApiError("RATE_LIMITED", `at most ${config.resendsPerMinute} resends a minute per app, replayed deliveries included; try again in ${taken.retryAfter} s`, {
        "retry-after": String(taken.retryAfter),
      });
    }
    chosen = eligible.slice(0, taken.granted);
  }
  // Conditional: a row that changed meanwhile (resent, pruned) is left as it is, and its share of the budget given back.
  // One transaction: a dispatcher (this process's or another's) cannot claim and send a row
  // between its update and the read, which would count it as changed when this call replayed it.
  const replays = chosen.map((id) => replayDelivery(db, { appId, id, now, replayUrl: url ?? null, maxAttempts: config.attemptsPerDelivery }));
  const rows = (await db.$transaction([
    ...replays,
    db.delivery.findMany({ where: { appId, id: { in: chosen }, state: { in: ["SCHEDULED", "SENDING"] } }, select: { id: true } }),
  ])).at(-1) as { id: string }[];
  const marked = new Set(rows.map((m) => m.id));
  const replayed = chosen.filter((id) => marked.has(id));
  for (const id of chosen) if (!marked.has(id)) skipped.push({ id, reason: "changed while being replayed" });
  await budget.refund(appId, { n: chosen.length - replayed.length, now: now.getTime() });
  if (replayed.length) notifyScheduled(now);
  const left = Math.max(0, replayable - replayed.length - (skipped.length - capped.length));
  return { since: since.toISOString(), url: url ?? null, replayed, skipped, left, more: left > 0 };
}
