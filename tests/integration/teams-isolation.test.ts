// Nothing of one team is visible to another (issue 44), over real HTTP on the
// suite's server: a stranger (an account with an app of its own) and a member
// once removed ask for the team's ids through their own app's pages and
// through the team's — the search, a resource's timeline, a callback, a
// request, a receiver check (client checks), the inspector's console view, the
// docs' remembered app, the audit export — and get 404 or nothing listed; the
// team's owner, asking the same, gets them (so a 404 is not a wrong address).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/prisma";
import { consoleCall } from "../helpers/console-http";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { collectBody, newApp, origin, type TestApp } from "../helpers/apps";

/** From an address of this file's own: sign-ins and try-it count per address. */
const FROM = "127.0.0.93";
const PASSWORD = "correct horse battery";
const instant = { "x-svc-time-scale": "0" };

type Who = { cookie: string; appId: string; id: string; email: string };
const call = (who: Who, method: string, path: string, body?: unknown) => consoleCall(origin(), who.cookie, method, path, body, FROM);
async function signedIn(a: TestApp): Promise<Who> {
  const { session } = await signInOverHttp(origin(), a.user.email, PASSWORD, FROM);
  expect(session).toBeTruthy();
  return { cookie: session!, appId: a.appId, id: a.user.id, email: a.user.email };
}

describe("one team's things, asked for by a stranger and by a removed member", () => {
  let owner: Who;
  let stranger: Who;
  let former: Who;
  let team: string;
  const ids = { resource: "", request: "", delivery: "", check: "" };

  beforeAll(async () => {
    const a = await newApp({ groups: ["Payments"] });
    owner = await signedIn(a);
    team = a.app.teamId;
    const push = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), instant);
    expect(push.status, push.text).toBe(202);
    ids.resource = push.body.checkoutId;
    ids.request = push.headers.get("x-request-id")!;
    const waited = await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${ids.resource}&timeout=30`);
    expect(waited.body.status, waited.text).toBe("ATTEMPTED");
    ids.delivery = waited.body.delivery.id;
    const check = await a.call("POST", "/dev/v1/receiver-checks", { url: a.inspectorUrl });
    expect(check.status, check.text).toBe(201);
    ids.check = check.body.id;

    stranger = await signedIn(await newApp({ groups: ["Payments"] }));
    former = await signedIn(await newApp({ groups: ["Payments"] }));
    // the former member: set up as a developer (the membership an accepted invitation makes), then removed over HTTP
    await db.membership.create({ data: { teamId: team, userId: former.id, role: "developer" } });
    expect((await call(former, "GET", `/apps/${owner.appId}/resources/${ids.resource}/timeline`)).status).toBe(200);
    expect((await call(owner, "DELETE", `/teams/${team}/members/${former.id}`)).status).toBe(204);
  });

  const teamPages = () => [
    `/apps/${owner.appId}/resources/${ids.resource}/timeline`,
    `/apps/${owner.appId}/deliveries/${ids.delivery}`,
    `/apps/${owner.appId}/requests/${ids.request}`,
    `/apps/${owner.appId}/receiver-checks/${ids.check}`,
    `/apps/${owner.appId}/inbox`,
    `/teams/${team}/audit`,
    `/teams/${team}/audit?format=jsonl`,
  ];
  /** The team's ids through the asker's own app's pages. */
  const ownPages = (who: Who) => [
    `/apps/${who.appId}/resources/${ids.resource}/timeline`,
    `/apps/${who.appId}/deliveries/${ids.delivery}`,
    `/apps/${who.appId}/requests/${ids.request}`,
    `/apps/${who.appId}/receiver-checks/${ids.check}`,
  ];

  it("the owner reads every one of them", async () => {
    for (const p of teamPages()) expect((await call(owner, "GET", p)).status, p).toBe(200);
  });

  it.each(["stranger", "former"] as const)("the %s gets 404 for the team's pages and for its ids through their own app", async (name) => {
    const who = name === "stranger" ? stranger : former;
    for (const p of [...teamPages(), ...ownPages(who)]) {
      const r = await call(who, "GET", p);
      expect([r.status, r.json?.error], p).toEqual([404, "NOT_FOUND"]);
    }
    for (const p of [`/apps/${owner.appId}/deliveries/${ids.delivery}/resend`, `/apps/${who.appId}/deliveries/${ids.delivery}/resend`]) {
      expect((await call(who, "POST", p, {})).status, p).toBe(404);
    }
    // their own inspector lists nothing of the team's
    const inbox = (await call(who, "GET", `/apps/${who.appId}/inbox`)).json.items as { id: string }[];
    const teamInbox = (await call(owner, "GET", `/apps/${owner.appId}/inbox`)).json.items as { id: string }[];
    expect(teamInbox.length).toBeGreaterThan(0);
    expect(inbox.filter((i) => teamInbox.some((t) => t.id === i.id))).toEqual([]);
  });

  it.each(["stranger", "former"] as const)("the %s's search finds nothing of the team's", async (name) => {
    const who = name === "stranger" ? stranger : former;
    for (const q of [owner.appId, ids.resource, ids.request, ids.delivery, ids.check]) {
      const r = await call(who, "GET", `/search?q=${encodeURIComponent(q)}`);
      expect([r.status, r.json.results], q).toEqual([200, []]);
    }
    expect((await call(owner, "GET", `/search?q=${ids.resource}`)).json.results.map((h: { id: string }) => h.id)).toContain(ids.resource);
  });

  // (The link's id is remembered as it came, by proxy.ts: the reader's own input; each page checks it before use.)
  it.each(["stranger", "former"] as const)("the docs never try as the team's app for the %s, linked or remembered", async (name) => {
    const who = name === "stranger" ? stranger : former;
    for (const cookie of [who.cookie, `${who.cookie}; docs-app=${owner.appId}`]) {
      const r = await requestFrom(FROM, `${origin()}/docs/collect/push?app=${owner.appId}`, { headers: { cookie, accept: "text/html" } });
      expect(r.status).toBe(200);
      // the page's own address (Next's data repeats it) aside, the id appears nowhere: no sample, no inspector address of that app
      const shown = r.text.replaceAll(`?app=${owner.appId}`, "");
      expect(shown).not.toContain(owner.appId);
      expect(shown).toContain(who.appId);
    }
    const own = await requestFrom(FROM, `${origin()}/docs/collect/push?app=${owner.appId}`, { headers: { cookie: owner.cookie, accept: "text/html" } });
    expect(own.text).toContain(owner.appId);
  });
});
