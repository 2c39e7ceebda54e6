// The console's subscriptions route, signed in as the owner over HTTP: a group
// that needs review works from its approval, not from the request.
import { expect, it } from "vitest";
import { review } from "@/lib/services/subscriptions";
import { signInOverHttp } from "../helpers/from-address";
import { http, newApp, origin } from "../helpers/sandbox";

it("an approved group's 'since' is its approval; a group without review is working from its request", async () => {
  const a = await newApp({ groups: ["Payments", "Treasury"], pendingTreasury: true });
  await new Promise((r) => setTimeout(r, 25)); // the approval lands on a later millisecond than the request
  await review(a.appId, "Treasury", true);
  const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
  const r = await http("GET", `${origin()}/api/console/apps/${a.appId}/subscriptions`, { headers: { cookie: session!, accept: "application/json" } });
  expect(r.status, r.text).toBe(200);
  const byGroup = Object.fromEntries((r.body as { group: string; status: string; since: string; reviewedAt: string | null }[]).map((s) => [s.group, s]));
  expect(byGroup.Treasury!.status).toBe("ACTIVE");
  expect(byGroup.Treasury!.since).toBe(byGroup.Treasury!.reviewedAt);
  expect(byGroup.Payments!.reviewedAt).toBeNull();
  expect(Date.parse(byGroup.Payments!.since)).toBeLessThan(Date.parse(byGroup.Treasury!.since));
  expect(byGroup.Identity!.since).toBeNull();
});
