// The console's JSON routes, signed in as the owner over HTTP: a group that
// needs review works from its approval, not from the request; usage counts the
// calls the per-minute limit refused apart from the calls that ran.
import { expect, it } from "vitest";
import { setPerMinute } from "@/lib/services/apps";
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

it("usage: a call the per-minute limit refused (429) is counted as refused, not as a call or an error", async () => {
  const a = await newApp({ groups: ["Payments"] });
  await setPerMinute(a.appId, 2);
  // Five calls against a limit of two a minute: at least one is refused, even if a minute turns among them.
  const statuses = await Promise.all(Array.from({ length: 5 }, () => a.call("GET", "/collect/v1/push/chk_missing").then((r) => r.status)));
  const refused = statuses.filter((s) => s === 429).length;
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((s) => s !== 429).every((s) => s === 404)).toBe(true);
  const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
  const r = await http("GET", `${origin()}/api/console/apps/${a.appId}/usage`, { headers: { cookie: session!, accept: "application/json" } });
  expect(r.status, r.text).toBe(200);
  expect([r.body.total, r.body.limited]).toEqual([5 - refused, refused]);
  expect(r.body.errors).toBe(5 - refused); // chk_missing: 404, an error of a call that ran
  const today = r.body.days.at(-1);
  expect([today.calls, today.limited]).toEqual([5 - refused, refused]);
});
