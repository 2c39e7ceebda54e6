// What the overview's Get started ticks off (components/console/get-started.tsx),
// read through the domain's own reads: key pairs, subscriptions, the request
// log (a 2xx call), deliveries (one DELIVERED) and the inbox (one entry).
import type { StartFacts } from "@/components/console/get-started";
import { listDeliveries } from "@/lib/activity/deliveries";
import { inboxPage } from "@/lib/activity/inbox";
import { hasCall } from "@/lib/activity/requests";
import { opHref, opsOf } from "@/lib/docs/urls";
import { listKeyPairs } from "@/lib/services/keys";
import { listSubscriptions } from "@/lib/services/subscriptions";

export async function startFacts(appId: string): Promise<StartFacts> {
  const [keys, subs, calls, delivered, inbox] = await Promise.all([
    listKeyPairs(appId),
    listSubscriptions(appId),
    hasCall(appId, "2xx"),
    listDeliveries(appId, { state: "delivered", take: 1 }),
    inboxPage(appId, { take: 1 }),
  ]);
  const active = subs.filter((s) => s.status === "ACTIVE");
  // Try it on the first operation the app may call; the docs' home before it may call any.
  const op = active.flatMap((s) => s.apis.flatMap((a) => opsOf(a.id))).at(0);
  return {
    keyPair: keys.some((k) => !k.revokedAt),
    groups: active.map((s) => s.group),
    pending: subs.filter((s) => s.status === "PENDING").map((s) => s.group),
    call: calls,
    callback: delivered.items.length > 0 || inbox.items.length > 0,
    tryIt: op ? `${opHref(op)}?app=${appId}#try-it` : "/docs",
  };
}
