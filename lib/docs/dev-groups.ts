// The developer API's reference pages: one per group of endpoints, the groups
// being the catalog's own (each lib/catalog/dev-endpoints/*-endpoints.ts file exports
// one `…Endpoints` array), in devEndpoints' order. What the docs add is words:
// each group's address, title and one-line intro, keyed by the catalog's export
// name (tests/unit/docs-dev-groups.test.ts fails when a group has none, or when
// an endpoint is in no group).
import * as devapi from "@/lib/catalog/dev-endpoints";
import { type DevEndpoint, devEndpoints } from "@/lib/catalog/dev-endpoints";
import { devAnchor } from "./devapi-docs";

export type DevGroup = { key: string; slug: string; title: string; intro: string; endpoints: readonly DevEndpoint[] };
type Words = Omit<DevGroup, "key" | "endpoints">;

export const DEV_GROUP_WORDS: Readonly<Record<string, Words>> = {
  settingsEndpoints: {
    slug: "settings", title: "Settings and time scale",
    intro: "Read and change the app's developer settings: the time scale of every scripted delay, callback faults for robustness tests, and how the inspector answers.",
  },
  testNumberEndpoints: {
    slug: "test-numbers", title: "Test numbers",
    intro: "Per-app rules that pick a scenario when a request field equals a value: when this operation's phone number is 254700000001, run `cancelled`.",
  },
  callbackEndpoints: {
    slug: "callbacks", title: "Waiting for and replaying callbacks",
    intro: "Wait for a callback instead of polling, send one again, and replay the failed ones since a time.",
  },
  resourceEndpoints: {
    slug: "resources", title: "Held resources and timelines",
    intro: "List the resources held for a decision, resolve one with a scenario, and read everything that happened to a resource in order.",
  },
  resetEndpoints: {
    slug: "reset", title: "Reset",
    intro: "Start a test suite from a clean sandbox: delete the app's resources, callbacks, request log and inbox.",
  },
  listenEndpoints: {
    slug: "listen", title: "Listen: callbacks on localhost",
    intro: "The stream `sandbox.mjs listen` reads to relay callbacks to a server on your machine, and where it reports what that server answered.",
  },
  goLiveEndpoints: {
    slug: "go-live", title: "Go-live checks",
    intro: "Check your own callback receiver, explain a failed signature check, and see what your calls have covered before going live.",
  },
  clientCheckEndpoints: {
    slug: "client-checks", title: "Client checks",
    intro: "How your client handled the faults you injected with X-Svc-Fault: a retry with the same reference, Retry-After honoured, a new token, a status read after a lost callback.",
  },
  sandboxEndpoints: {
    slug: "sandboxes", title: "Throwaway sandboxes",
    intro: "Give a test run an app of its own, made from the calling app and gone after its time to live.",
  },
  floatEndpoints: {
    slug: "float", title: "Float",
    intro: "Read what your payouts are paid out of, per currency, and set it: low to rehearse a float running out, back up to carry on.",
  },
};

/** `testNumberEndpoints` → `test-number`: the address of a group the docs have no words for yet. */
const fallbackSlug = (key: string) => key.replace(/Endpoints$/, "").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The catalog's groups of developer endpoints, in devEndpoints' order. */
export const DEV_GROUPS: readonly DevGroup[] = Object.entries(devapi)
  .filter((entry): entry is [string, DevEndpoint[]] => entry[0].endsWith("Endpoints") && entry[0] !== "devEndpoints" && Array.isArray(entry[1]) && entry[1].length > 0)
  .sort(([, a], [, b]) => devEndpoints.indexOf(a[0]!) - devEndpoints.indexOf(b[0]!))
  .map(([key, endpoints]) => {
    const words = DEV_GROUP_WORDS[key] ?? { slug: fallbackSlug(key), title: fallbackSlug(key).replace(/-/g, " "), intro: "" };
    return { key, ...words, endpoints };
  });

export const devGroupHref = (g: DevGroup) => `/docs/dev/${g.slug}`;
export const findDevGroup = (slug: string) => DEV_GROUPS.find((g) => g.slug === slug);
export const devGroupOf = (e: DevEndpoint) => DEV_GROUPS.find((g) => g.endpoints.includes(e));

/** An endpoint's section on its group's page. */
export function devHref(e: DevEndpoint): string {
  const g = devGroupOf(e);
  return g ? `${devGroupHref(g)}#${devAnchor(e)}` : "/docs/dev";
}

/** Sections of the group pages that are not endpoints (their id, text and group). */
export const DEV_SECTIONS = [{ id: "time-scale", text: "Time scale", group: "settings" }] as const;

/**
 * Where each anchor of the one-page /docs/dev (before the split) now is: each
 * endpoint's section and the time scale, on its group's page. The overview
 * sends a link with one of these anchors on (a bookmark, an old page).
 */
export function movedDevAnchors(): Record<string, string> {
  return Object.fromEntries([
    ...devEndpoints.map((e) => [devAnchor(e), devHref(e)]),
    ...DEV_SECTIONS.map((s) => [s.id, `/docs/dev/${s.group}#${s.id}`]),
  ]);
}
