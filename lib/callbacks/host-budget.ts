// The portal-wide budget of callback posts per destination host
// (CALLBACKS_PER_HOST_PER_MINUTE): every app's deliveries, replays and resends
// to one host count together in a clock minute, so throwaway sandboxes and
// many accounts cannot aim more at one server than one budget. The host is the
// one the per-host budgets key on (policy.ts `destinationHost`: hosted, the
// address the name resolved to; an IPv6 address by its /64); the app's own
// inspector is posted in-process and not counted. Counted in the database
// (the dispatcher's store, `takeHostPosts`), so exact across instances. A post
// past the budget is never dropped: its delivery waits for the next minute
// (`attempt.ts`), saying why (Delivery.delayReason, then the attempt's note).
import { config } from "@/lib/runtime";
import { throttleKey } from "@/lib/throttle";
import { destinationHost, type Route } from "./policy";
import { dispatchStore, type DispatchStore } from "./store";

/** The throttle scope of the counters (one per host). */
export const HOST_BUDGET_SCOPE = "callback:host";
const WINDOW_MS = 60_000;

/** A post put off: when it may go (the next minute's start) and why (the budget that is spent). */
export type Delay = { until: Date; reason: string };

/**
 * Counts `posts` posts on `route`'s host in the clock minute of `now`: null
 * when they fit (or nothing goes over the network), else when they may go.
 */
export async function takeHostBudget(route: Route, posts: number, now: number, store: DispatchStore = dispatchStore()): Promise<Delay | null> {
  const host = destinationHost(route);
  if (host === null) return null;
  const window = Math.floor(now / WINDOW_MS);
  const until = new Date((window + 1) * WINDOW_MS);
  const count = await store.takeHostPosts({ key: throttleKey(HOST_BUDGET_SCOPE, host), n: posts, window, expiresAt: until });
  const limit = config.callbacksPerHostPerMinute;
  if (count <= limit) return null;
  return {
    until,
    reason: `${host} has had the ${limit} callbacks a minute one destination host takes from this portal (all apps together)`,
  };
}
