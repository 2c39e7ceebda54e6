// What an app's owner reads about the app in the console, over its JSON routes
// (app/api/console/apps/[appId]/…) with a signed-in session: the request log
// (lib/activity/requests.ts), one call in full, the callbacks
// (lib/activity/deliveries.ts), the inbox (lib/activity/inbox.ts). Tests assert through these, as users read them,
// instead of opening the server's database.
import { expect, vi } from "vitest";
import { signInOverHttp } from "./from-address";
import { http, origin } from "./apps";

type Owned = { appId: string; user: { email: string } };
type Query = Record<string, string>;

/** Signs in as the app's owner (newApp's password unless told) and reads the app's console routes, on the suite's server unless `at` names another. */
export async function ownerView(a: Owned, password = "correct horse battery", at = origin()) {
  const { session, status, location } = await signInOverHttp(at, a.user.email, password);
  if (!session) throw new Error(`sign-in as ${a.user.email} failed: ${status} ${location}`);
  /** GET a console route of this app (or of `appId`, one of the owner's throwaway sandboxes); anything but 200 throws. */
  const get = async (rest: string, appId = a.appId) => {
    const r = await http("GET", `${at}/api/console/apps/${appId}${rest}`, { headers: { cookie: session, accept: "application/json" } });
    if (r.status !== 200) throw new Error(`GET ${rest}: ${r.status} ${r.text}`);
    return r.body;
  };
  /** Every item of a keyset-paged list, oldest first. */
  const all = async (list: string, q: Query, appId?: string) => {
    const items: any[] = [];
    let before: number | null = null;
    do {
      const page: { items: any[]; nextBefore: number | null } = await get(`${list}?${new URLSearchParams({ ...q, take: "100", ...(before ? { before: String(before) } : {}) })}`, appId);
      items.push(...page.items);
      before = page.nextBefore;
    } while (before);
    return items.reverse();
  };
  /** POST a console route of this app, as the console's pages do (same origin, JSON); the reply as it is. */
  const post = (rest: string, body: unknown, appId = a.appId) =>
    http("POST", `${at}/api/console/apps/${appId}${rest}`, { headers: { cookie: session, origin: at, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
  return {
    get,
    post,
    /** The request log's calls matching `q` (status, operation, scenario, requestId, …), oldest first. */
    requests: (q: Query = {}, appId?: string) => all("/requests", q, appId),
    /** One logged call: headers as objects, bodies parsed. */
    request: (requestId: string, appId?: string) => get(`/requests/${encodeURIComponent(requestId)}`, appId),
    /** The callbacks matching `q` (state, operation, q: a delivery id, resource id or reference), oldest first. */
    deliveries: (q: Query = {}, appId?: string) => all("/deliveries", q, appId),
    /** One callback with its body and every attempt. */
    delivery: (deliveryId: string, appId?: string) => get(`/deliveries/${encodeURIComponent(deliveryId)}`, appId),
    /** The inspector's inbox matching `q` (delivery, q), oldest first: headers as objects, bodies as received. */
    inbox: (q: Query = {}, appId?: string) => all("/inbox", q, appId),
  };
}
export type OwnerView = Awaited<ReturnType<typeof ownerView>>;

const views = new Map<string, Promise<OwnerView>>();
/** One signed-in view per app for a test file's many reads (ownerView signs in each time it is called). */
export function ownerOf(a: Owned): Promise<OwnerView> {
  let v = views.get(a.appId);
  if (!v) views.set(a.appId, (v = ownerView(a)));
  return v;
}

/** The callback with its attempts once it is neither scheduled nor being sent, as the app's owner reads it (a generous deadline: an event, not a moment). */
export async function settledDelivery(a: Owned, deliveryId: string, timeoutMs = 30_000) {
  const owner = await ownerOf(a);
  return vi.waitFor(async () => {
    const d = await owner.delivery(deliveryId);
    expect(d.state).not.toMatch(/^(SCHEDULED|SENDING)$/);
    return d;
  }, { timeout: timeoutMs, interval: 200 });
}
