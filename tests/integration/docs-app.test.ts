// The docs as a signed-in reader's: which app the samples and try-it use (one
// that can call the page's API; the reader's pick, remembered, when it can), the
// status operations' id prefilled with the app's newest resource so `tracked`
// answers 200, and go-live readiness counting a scenario only when it answered
// as its label says.
import { describe, expect, it } from "vitest";
import { createApp } from "@/lib/services/apps";
import { subscribe } from "@/lib/services/subscriptions";
import { collectBody, newApp, origin } from "../helpers/apps";
import { requestFrom, signInOverHttp } from "../helpers/from-address";

/** From an address of this file's own: try-it counts calls per address. */
const FROM = "127.0.0.91";

async function signedIn(email: string) {
  const { session } = await signInOverHttp(origin(), email, "correct horse battery", FROM);
  expect(session).toBeTruthy();
  return session!;
}

const page = (path: string, cookie: string) => requestFrom(FROM, `${origin()}${path}`, { headers: { cookie, accept: "text/html" } });

/** The visible text of the page's "Trying as" line and of the picker's note. */
const plain = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'").replace(/\s+/g, " ");
const tryingAs = (html: string) => plain(/<p[^>]*data-testid="trying-as"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "").trim();

describe("docs that remember the reader's app", () => {
  it("uses an app subscribed to the page's API, the reader's pick when it is one, and says which and why", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const messaging = await createApp({ teamId: a.app.teamId, name: "Texts only" }); // newer, not subscribed to Payments
    await subscribe(messaging.id, "Messaging");
    const session = await signedIn(a.user.email);

    // Nothing picked: the newest app that can call Payments, not the newest app.
    const push = await page("/docs/collect/push", session);
    expect(push.status).toBe(200);
    expect(tryingAs(push.text)).toBe(`Trying as Test app (${a.appId}) — change`);

    // A link naming ?app= is remembered (the cookie), on this page and the next.
    const linked = await page(`/docs/sms/send?app=${messaging.id}`, session);
    expect(tryingAs(linked.text)).toBe(`Trying as Texts only (${messaging.id}) — change`);
    const remembered = String(linked.headers["set-cookie"]).match(/docs-app=(app_\w+)/)?.[1];
    expect(remembered).toBe(messaging.id);
    const cookie = `${session}; docs-app=${remembered}`;
    expect(tryingAs((await page("/docs/sms/get", cookie)).text)).toBe(`Trying as Texts only (${messaging.id}) — change`);

    // On a Payments page the pick cannot call: the app that can, and the page says so.
    const payments = await page("/docs/collect/status", cookie);
    expect(tryingAs(payments.text)).toBe(`Trying as Test app (${a.appId}) — change`);
    expect(plain(payments.text)).toContain("Texts only, your pick, is not subscribed to Payments: using Test app, your newest app that is.");
  });

  it("prefills a status operation's id with the app's newest resource and lists the recent ones; tracked then answers 200, and only that counts in readiness", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const session = await signedIn(a.user.email);
    const ready = async () => {
      const r = await a.call("GET", "/dev/v1/readiness");
      expect(r.status, r.text).toBe(200);
      return r.body.operations.find((o: { operationId: string }) => o.operationId === "collect.status").scenarios.find((s: { key: string }) => s.key === "tracked");
    };
    const tryStatus = async (checkoutId: string) => {
      const r = await requestFrom(FROM, `${origin()}/api/try/collect.status?checkoutId=${checkoutId}`, {
        method: "POST", headers: { cookie: session, "x-svc-scenario": "tracked", "x-svc-try-app": a.appId, "x-svc-try-live": "1" },
      });
      expect(r.status, r.text).toBe(200);
      return r.json;
    };

    // No resource yet: the sample id, and `tracked` forced on it answers 404, which exercises nothing.
    const before = await page("/docs/collect/status", session);
    const sampleId = /<input[^>]*id="try-checkoutId"[^>]*value="([^"]*)"/.exec(before.text)?.[1];
    expect(sampleId).toMatch(/^chk_/);
    expect(before.text).not.toContain("Your app&#x27;s recent ones");
    expect((await tryStatus(sampleId!)).status).toBe(404);
    expect(await ready()).toMatchObject({ exercised: false, calls: 0, lastAt: null });

    const first = await a.call("POST", "/collect/v1/push", collectBody({ reference: "DOCS-1" }));
    const second = await a.call("POST", "/collect/v1/push", collectBody({ reference: "DOCS-2" }));
    expect([first.status, second.status]).toEqual([202, 202]);
    const after = await page("/docs/collect/status", session);
    expect(/<input[^>]*id="try-checkoutId"[^>]*value="([^"]*)"/.exec(after.text)?.[1]).toBe(second.body.checkoutId);
    const menu = /<select[^>]*id="try-recent-checkoutId"[^>]*>([\s\S]*?)<\/select>/.exec(after.text)?.[1] ?? "";
    expect([...menu.matchAll(/<option value="(chk_\w+)"/g)].map((m) => m[1])).toEqual([second.body.checkoutId, first.body.checkoutId]);
    expect(plain(menu)).toContain(`${first.body.checkoutId} · DOCS-1 ·`);

    const tracked = await tryStatus(second.body.checkoutId);
    expect([tracked.status, tracked.scenario, tracked.body.checkoutId]).toEqual([200, "tracked", second.body.checkoutId]);
    expect(await ready()).toMatchObject({ exercised: true, calls: 1, lastAt: expect.any(String) });
  });
});
