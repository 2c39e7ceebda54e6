// Teams over real HTTP and real SMTP: a portal of its own started with SMTP_URL
// pointing at an SMTP server in this process (../helpers/smtp.ts) and low caps,
// on a test clock (an invitation's expiry is moved to, not waited for).
// Accounts sign up over HTTP from loopback addresses of their own (sign-ups
// are counted per address); everything is read back through the console's routes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { cliOn, requestToken } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { advanceClock, type RunningServer } from "../helpers/server";
import { startSmtp } from "../helpers/smtp";
import { onPg } from "../helpers/test-db";
import { nextHour } from "../helpers/window";

const PASSWORD = "a long team password";
const CAPS = { MEMBERS_PER_TEAM: "4", PENDING_INVITATIONS_PER_TEAM: "5", INVITATIONS_PER_TEAM_PER_HOUR: "8", INVITATIONS_PER_ADDRESS_PER_HOUR: "2", APPS_PER_USER: "3", INVITATION_SECONDS: "3600" };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let dbUrl: string;
let nextAddress = 1;
const fresh = () => `127.0.81.${nextAddress++}`;
const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  dbUrl = (await ownDb("teams")).url;
  server = await startServer({ databaseUrl: dbUrl, testClock: true, env: { SMTP_URL: smtp.url, ...CAPS } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Account = { email: string; cookie: string; id: string };
/** A new account signed up over HTTP: its session and id (its own team's only member). */
async function account(tag: string): Promise<Account> {
  const e = email(tag);
  const r = await signUpOverHttp(server.origin, e, PASSWORD, fresh());
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  const cookie = setCookies(r).find((c) => c.includes("session-token="))!;
  const own = (await call({ cookie } as Account, "GET", "/teams")).json.teams[0];
  const members = (await call({ cookie } as Account, "GET", `/teams/${own.teamId}/members`)).json.members;
  return { email: e, cookie, id: members[0].userId };
}
const call = (who: Account, method: string, path: string, body?: unknown) => consoleCall(server.origin, who.cookie, method, path, body);
const err = (r: { status: number; json: any }) => [r.status, r.json?.error];

/** The token of the newest invitation mail to `to` (after `seen` earlier ones). */
async function invitationToken(to: string, seen = 0): Promise<string> {
  await expect.poll(() => smtp.to(to).length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(seen);
  const mail = smtp.to(to)[seen]!;
  const link = /http:\/\/\S+\/invite\/([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(link![0].startsWith(`${server.origin}/invite/`)).toBe(true);
  return link![1]!;
}

async function newTeam(owner: Account, name = "Acme Payments") {
  const r = await call(owner, "POST", "/teams", { name });
  expect(r.status, r.text).toBe(201);
  expect(r.json).toEqual({ teamId: expect.stringMatching(/^team_/), name, role: "owner" });
  return r.json.teamId as string;
}

describe("teams, members and invitations", () => {
  it.skipIf(onPg())("an account has a team of its own; a new team lists beside it; names follow the label rules", async () => {
    const a = await account("own");
    const [own] = (await call(a, "GET", "/teams")).json.teams;
    expect(own).toMatchObject({ name: a.email, role: "owner" });
    const acme = await newTeam(a);
    expect((await call(a, "GET", "/teams")).json.teams.map((t: { teamId: string; role: string }) => [t.teamId, t.role])).toEqual([[own.teamId, "owner"], [acme, "owner"]]);
    expect(err(await call(a, "POST", "/teams", { name: "pay\u200Bpal" }))).toEqual([400, "VALIDATION_ERROR"]);
    expect(err(await call(a, "POST", "/teams", {}))).toEqual([400, "VALIDATION_ERROR"]);
  });

  it.skipIf(onPg())("an invitation by mail joins the invited account once, with its role; apps of the team are its", async () => {
    const owner = await account("owner");
    const team = await newTeam(owner);
    const app = await call(owner, "POST", "/apps", { name: "Team app", teamId: team });
    expect([app.status, app.json.teamId]).toEqual([201, team]);

    const bob = await account("bob");
    const made = await call(owner, "POST", `/teams/${team}/invitations`, { email: bob.email.toUpperCase(), role: "developer" });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toEqual({ invitationId: expect.stringMatching(/^inv_/), email: bob.email, role: "developer", expiresAt: expect.any(String) });
    await invitationToken(bob.email);
    const mail = smtp.to(bob.email)[0]!;
    expect(mail.subject).toBe("Join Acme Payments on Svc Sandbox");
    expect(mail.text).toContain(owner.email);
    expect((await call(owner, "GET", `/teams/${team}/members`)).json.invitations.map((i: { email: string }) => i.email)).toEqual([bob.email]);
    // before accepting, the team's app is not his
    expect(err(await call(bob, "GET", `/apps/${app.json.id}`))).toEqual([404, "NOT_FOUND"]);

    const token = await invitationToken(bob.email);
    // the mail's link: a page that says what it joins, and uses nothing up by being read
    const page = await requestFrom(fresh(), `${server.origin}/invite/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Join Acme Payments");
    expect(page.text).toContain("Sign in to join");
    const carol = await account("carol");
    expect(err(await call(carol, "POST", "/invitations/accept", { token }))).toEqual([403, "FORBIDDEN"]);
    const joined = await call(bob, "POST", "/invitations/accept", { token });
    expect([joined.status, joined.json]).toEqual([200, { teamId: team, role: "developer" }]);
    expect(err(await call(bob, "POST", "/invitations/accept", { token }))).toEqual([404, "NOT_FOUND"]);
    expect(err(await call(bob, "POST", "/invitations/accept", {}))).toEqual([400, "VALIDATION_ERROR"]);
    expect((await requestFrom(fresh(), `${server.origin}/invite/${token}`)).text).toContain("This invitation no longer works");

    const members = (await call(bob, "GET", `/teams/${team}/members`)).json;
    expect(members).toEqual({ members: [{ userId: owner.id, email: owner.email, role: "owner" }, { userId: bob.id, email: bob.email, role: "developer" }], invitations: [] });
    expect((await call(bob, "GET", "/apps")).json.map((a: { id: string; teamId: string }) => [a.id, a.teamId])).toContainEqual([app.json.id, team]);
    expect((await call(bob, "PATCH", `/apps/${app.json.id}`, { name: "Renamed by Bob" })).status).toBe(200);
    expect(err(await call(carol, "GET", `/teams/${team}/members`))).toEqual([404, "NOT_FOUND"]);
  });

  it.skipIf(onPg())("bad input: a clear 400 or 409 in the error body", async () => {
    const owner = await account("bad");
    const team = await newTeam(owner);
    const member = await account("member");
    await call(owner, "POST", `/teams/${team}/invitations`, { email: member.email, role: "viewer" });
    await call(member, "POST", "/invitations/accept", { token: await invitationToken(member.email) });
    const invite = (body: unknown) => call(owner, "POST", `/teams/${team}/invitations`, body);
    expect(err(await invite({ email: "not an address", role: "viewer" }))).toEqual([400, "VALIDATION_ERROR"]);
    const role = await invite({ email: email("x"), role: "admin" });
    expect([...err(role), role.json.message]).toEqual([400, "VALIDATION_ERROR", "role must be one of owner, developer, viewer"]);
    expect(err(await invite({ email: member.email, role: "viewer" }))).toEqual([409, "CONFLICT"]);
    const twice = email("twice");
    expect((await invite({ email: twice, role: "viewer" })).status).toBe(201);
    expect(err(await invite({ email: twice, role: "viewer" }))).toEqual([409, "CONFLICT"]);
    const stranger = await account("stranger");
    expect(err(await call(owner, "PATCH", `/teams/${team}/members/${stranger.id}`, { role: "viewer" }))).toEqual([409, "CONFLICT"]);
    expect(err(await call(owner, "PATCH", `/teams/${team}/members/${member.id}`, { role: "boss" }))).toEqual([400, "VALIDATION_ERROR"]);
    expect(err(await call(owner, "DELETE", `/teams/${team}/members/${stranger.id}`))).toEqual([409, "CONFLICT"]);
  });

  it.skipIf(onPg())("roles change and members go at once; anyone may leave; the last owner may not (409)", async () => {
    const owner = await account("lead");
    const team = await newTeam(owner);
    const app = (await call(owner, "POST", "/apps", { name: "Shared", teamId: team })).json;
    const dev = await account("dev");
    await call(owner, "POST", `/teams/${team}/invitations`, { email: dev.email, role: "developer" });
    await call(dev, "POST", "/invitations/accept", { token: await invitationToken(dev.email) });

    const lowered = await call(owner, "PATCH", `/teams/${team}/members/${dev.id}`, { role: "viewer" });
    expect([lowered.status, lowered.json]).toEqual([200, { userId: dev.id, email: dev.email, role: "viewer" }]);
    expect(err(await call(dev, "PATCH", `/apps/${app.id}`, { name: "no" }))).toEqual([403, "FORBIDDEN"]);
    expect(err(await call(dev, "POST", "/apps", { name: "no", teamId: team }))).toEqual([403, "FORBIDDEN"]);
    expect(err(await call(dev, "POST", `/teams/${team}/invitations`, { email: email("y"), role: "viewer" }))).toEqual([403, "FORBIDDEN"]);
    expect((await call(dev, "GET", `/apps/${app.id}`)).status).toBe(200);

    expect(err(await call(owner, "DELETE", `/teams/${team}/members/${owner.id}`))).toEqual([409, "CONFLICT"]);
    expect(err(await call(owner, "PATCH", `/teams/${team}/members/${owner.id}`, { role: "developer" }))).toEqual([409, "CONFLICT"]);
    // a second owner, then the first may go
    expect((await call(owner, "PATCH", `/teams/${team}/members/${dev.id}`, { role: "owner" })).status).toBe(200);
    expect((await call(owner, "DELETE", `/teams/${team}/members/${owner.id}`)).status).toBe(204);
    expect(err(await call(owner, "GET", `/apps/${app.id}`))).toEqual([404, "NOT_FOUND"]);
    expect(err(await call(dev, "DELETE", `/teams/${team}/members/${dev.id}`))).toEqual([409, "CONFLICT"]); // now the last owner
    expect((await call(dev, "GET", `/teams/${team}/members`)).json.members).toEqual([{ userId: dev.id, email: dev.email, role: "owner" }]);
  });

  it.skipIf(onPg())("a revoked invitation's link stops working; sent again, only the new link works", async () => {
    const owner = await account("revoker");
    const team = await newTeam(owner);
    const eve = await account("eve");
    const inv = (await call(owner, "POST", `/teams/${team}/invitations`, { email: eve.email, role: "viewer" })).json;
    const first = await invitationToken(eve.email);
    expect((await call(owner, "POST", `/teams/${team}/invitations/${inv.invitationId}/resend`)).status).toBe(200);
    const second = await invitationToken(eve.email, 1);
    expect(second).not.toBe(first);
    expect(err(await call(eve, "POST", "/invitations/accept", { token: first }))).toEqual([404, "NOT_FOUND"]);
    expect((await call(owner, "DELETE", `/teams/${team}/invitations/${inv.invitationId}`)).status).toBe(204);
    expect(err(await call(eve, "POST", "/invitations/accept", { token: second }))).toEqual([404, "NOT_FOUND"]);
    expect((await call(owner, "GET", `/teams/${team}/members`)).json.invitations).toEqual([]);
  });
});

describe.runIf(onPg())("two instances on one PostgreSQL database", () => {
  it("a demotion and a removal made on one take effect on the other's very next request", async () => {
    const other = await startServer({ databaseUrl: dbUrl, env: { SMTP_URL: smtp.url, ...CAPS } });
    try {
      const owner = await account("two");
      const team = await newTeam(owner);
      const app = (await call(owner, "POST", "/apps", { name: "Both", teamId: team })).json;
      const dev = await account("twodev");
      await call(owner, "POST", `/teams/${team}/invitations`, { email: dev.email, role: "developer" });
      await call(dev, "POST", "/invitations/accept", { token: await invitationToken(dev.email) });
      // the developer works on the other instance (the session is the same: its secret is shared through the database)
      const onOther = (method: string, path: string, body?: unknown) => consoleCall(other.origin, dev.cookie, method, path, body);
      expect((await onOther("PATCH", `/apps/${app.id}`, { name: "by the developer" })).status).toBe(200);
      expect((await call(owner, "PATCH", `/teams/${team}/members/${dev.id}`, { role: "viewer" })).status).toBe(200);
      expect(err(await onOther("PATCH", `/apps/${app.id}`, { name: "by the viewer" }))).toEqual([403, "FORBIDDEN"]);
      expect((await onOther("GET", `/apps/${app.id}`)).json.name).toBe("by the developer");
      expect((await call(owner, "DELETE", `/teams/${team}/members/${dev.id}`)).status).toBe(204);
      expect(err(await onOther("GET", `/apps/${app.id}`))).toEqual([404, "NOT_FOUND"]);
    } finally {
      await other.stop();
    }
  });
});

describe("caps, exact under parallel requests", () => {
  it("apps per team", async () => {
    const owner = await account("apps");
    const team = await newTeam(owner);
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => call(owner, "POST", "/apps", { name: `App ${i}`, teamId: team })));
    expect(made.filter((r) => r.status === 201)).toHaveLength(3);
    expect(made.filter((r) => r.status === 409).every((r) => r.json.error === "CONFLICT")).toBe(true);
    expect(made.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it("pending invitations per team, invitations per team per hour, per address per hour", async () => {
    const owner = await account("caps");
    const team = await newTeam(owner);
    // the hour's counts in one window: the server's clock at the start of an hour (a run crossing the real clock's
    // hour between the two bursts below once let five more through)
    await nextHour(server.origin);
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => call(owner, "POST", `/teams/${team}/invitations`, { email: email(`p${i}`), role: "viewer" })));
    expect(sent.filter((r) => r.status === 201)).toHaveLength(5); // PENDING_INVITATIONS_PER_TEAM
    expect(sent.filter((r) => r.status === 409)).toHaveLength(7);
    // revoke them all: three more fit in the hour's eight, then 429
    for (const r of sent.filter((s) => s.status === 201)) await call(owner, "DELETE", `/teams/${team}/invitations/${r.json.invitationId}`);
    const more = await Promise.all(Array.from({ length: 5 }, (_, i) => call(owner, "POST", `/teams/${team}/invitations`, { email: email(`m${i}`), role: "viewer" })));
    expect(more.filter((r) => r.status === 201)).toHaveLength(3);
    expect(more.filter((r) => r.status === 429).map((r) => r.json.error)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);

    // one address, invited by four teams at once: two mails an hour
    const target = email("popular");
    const owners = await Promise.all([1, 2, 3, 4].map((i) => account(`t${i}`)));
    const teams = await Promise.all(owners.map((o, i) => newTeam(o, `Team ${i}`)));
    const asked = await Promise.all(owners.map((o, i) => call(o, "POST", `/teams/${teams[i]}/invitations`, { email: target, role: "viewer" })));
    expect(asked.map((r) => r.status).sort()).toEqual([201, 201, 429, 429]);
    await expect.poll(() => smtp.to(target).length, { timeout: 30_000, interval: 50 }).toBe(2);
  });

  it("members per team", async () => {
    const owner = await account("full");
    const team = await newTeam(owner);
    const people = await Promise.all([1, 2, 3, 4].map((i) => account(`joiner${i}`)));
    for (const p of people) expect((await call(owner, "POST", `/teams/${team}/invitations`, { email: p.email, role: "viewer" })).status).toBe(201);
    const tokens = await Promise.all(people.map((p) => invitationToken(p.email)));
    const joined = await Promise.all(people.map((p, i) => call(p, "POST", "/invitations/accept", { token: tokens[i] })));
    expect(joined.filter((r) => r.status === 200)).toHaveLength(3); // the owner and three: MEMBERS_PER_TEAM 4
    expect(joined.filter((r) => r.status === 409).map((r) => r.json.error)).toEqual(["CONFLICT"]);
  });
});

describe("links expire", () => {
  it.skipIf(onPg())("an invitation is refused (404) once INVITATION_SECONDS have passed on the server's clock", async () => {
    const owner = await account("clock");
    const team = await newTeam(owner);
    const gina = await account("gina");
    await call(owner, "POST", `/teams/${team}/invitations`, { email: gina.email, role: "viewer" });
    const token = await invitationToken(gina.email);
    // INVITATION_SECONDS (an hour here) and a minute on, from the server's time (a test above moved it on; lib/clock.ts)
    await advanceClock(server.origin, (await advanceClock(server.origin, 0)) + 3600_000 + 60_000);
    expect(err(await call(gina, "POST", "/invitations/accept", { token }))).toEqual([404, "NOT_FOUND"]);
    expect((await call(owner, "GET", `/teams/${team}/members`)).json.invitations).toEqual([]);
  });
});

describe("deleting an account", () => {
  /** An app of `team` with a key pair: whether its token endpoint still answers shows whether the app is still there. */
  async function appWithKey(owner: Account, team: string, name: string) {
    const app = (await call(owner, "POST", "/apps", { name, teamId: team })).json;
    const key = (await call(owner, "POST", `/apps/${app.id}/keys`, {})).json;
    return { id: app.id as string, tokenStatus: async () => (await requestToken(server.origin, key.consumerKey, key.consumerSecret)).status };
  }
  async function join(owner: Account, team: string, who: Account, role: string) {
    const seen = smtp.to(who.email).length;
    expect((await call(owner, "POST", `/teams/${team}/invitations`, { email: who.email, role })).status).toBe(201);
    expect((await call(who, "POST", "/invitations/accept", { token: await invitationToken(who.email, seen) })).status).toBe(200);
  }

  it.skipIf(onPg())("keeps each team with another owner, with its apps; deletes each team it was the last member of, with its apps; refused (409) while it is a team's last owner beside other members", async () => {
    const leaving = await account("leaving");
    const own = (await call(leaving, "GET", "/teams")).json.teams[0].teamId as string;
    const ownApp = await appWithKey(leaving, own, "Own app");
    const alone = await newTeam(leaving, "Alone");
    const aloneApp = await appWithKey(leaving, alone, "Alone's app");
    const shared = await newTeam(leaving, "Shared");
    const sharedApp = await appWithKey(leaving, shared, "Shared app");
    const coOwner = await account("coowner");
    await join(leaving, shared, coOwner, "owner");
    const led = await newTeam(leaving, "Led");
    const ledApp = await appWithKey(leaving, led, "Led app");
    const dev = await account("ledev");
    await join(leaving, led, dev, "developer");

    // the last owner of a team with other members: nothing is deleted, the message names the team
    const refused = await call(leaving, "DELETE", "/account", { password: PASSWORD });
    expect([...err(refused), refused.json.message]).toEqual([409, "CONFLICT", expect.stringContaining("Led")]);
    expect((await call(leaving, "GET", "/teams")).json.teams).toHaveLength(4);
    for (const app of [ownApp, aloneApp, sharedApp, ledApp]) expect(await app.tokenStatus()).toBe(200);

    // what a deletion would do, for the confirmation to name
    expect((await call(leaving, "GET", "/account/deletion")).json).toEqual({
      deletedTeams: expect.arrayContaining([
        { teamId: own, name: leaving.email, apps: [{ id: ownApp.id, name: "Own app" }] },
        { teamId: alone, name: "Alone", apps: [{ id: aloneApp.id, name: "Alone's app" }] },
      ]),
      keptTeams: [{ teamId: shared, name: "Shared" }],
      lastOwnerOf: [{ teamId: led, name: "Led" }],
    });

    expect((await call(leaving, "PATCH", `/teams/${led}/members/${dev.id}`, { role: "owner" })).status).toBe(200);
    expect((await call(leaving, "DELETE", "/account", { password: PASSWORD })).status).toBe(200);
    // its own team and the team it was alone in are gone with their apps (their keys refused); the others stay with theirs
    expect([await ownApp.tokenStatus(), await aloneApp.tokenStatus()]).toEqual([401, 401]);
    expect([await sharedApp.tokenStatus(), await ledApp.tokenStatus()]).toEqual([200, 200]);
    expect((await call(coOwner, "GET", `/teams/${shared}/members`)).json.members.map((m: { email: string }) => m.email)).toEqual([coOwner.email]);
    expect((await call(coOwner, "GET", `/apps/${sharedApp.id}`)).status).toBe(200);
    expect((await call(dev, "GET", `/teams/${led}/members`)).json.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([[dev.email, "owner"]]);
    // the teams it left record it
    const left = (await call(coOwner, "GET", `/teams/${shared}/audit?action=member.removed`)).json.entries;
    expect(left.map((e: { target: string }) => e.target)).toEqual([leaving.email]);
  });
});

describe("the operators' view of teams", () => {
  // on both databases: "in any case" is PostgreSQL's own query branch (lib/services/teams.ts, mode "insensitive")
  it("lists teams with their members and apps, found by name or member email in any case; an app shows its team", async () => {
    const owner = await account("opview");
    const team = await newTeam(owner, "Zebra Crossing Ltd");
    const app = (await call(owner, "POST", "/apps", { name: "Zebra app", teamId: team })).json;
    const dev = await account("zebradev");
    await call(owner, "POST", `/teams/${team}/invitations`, { email: dev.email, role: "developer" });
    expect((await call(dev, "POST", "/invitations/accept", { token: await invitationToken(dev.email) })).status).toBe(200);

    const opEmail = email("operator");
    await cliOn(dbUrl, server.origin, "user", "create", "--email", opEmail, "--password", PASSWORD, "--operator");
    const op = { email: opEmail, cookie: (await signInOverHttp(server.origin, opEmail, PASSWORD, fresh())).session!, id: "" };
    const zebra = { teamId: team, name: "Zebra Crossing Ltd", personal: false, createdAt: expect.any(String),
      members: [{ userId: owner.id, email: owner.email, role: "owner" }, { userId: dev.id, email: dev.email, role: "developer" }],
      apps: [{ id: app.id, name: "Zebra app", suspended: false }] };
    expect((await call(op, "GET", "/operator/teams?q=zebra%20CROSSING")).json).toEqual({ teams: [zebra] });
    const byEmail = (await call(op, "GET", `/operator/teams?q=${encodeURIComponent(dev.email.toUpperCase())}`)).json.teams;
    expect(byEmail.map((t: { name: string }) => t.name).sort()).toEqual([dev.email, "Zebra Crossing Ltd"].sort());
    expect((await call(op, "GET", "/operator/teams?q=no-such-team-anywhere")).json).toEqual({ teams: [] });
    expect(err(await call(op, "GET", `/operator/teams?q=${"x".repeat(101)}`))).toEqual([400, "VALIDATION_ERROR"]);
    expect((await call(op, "GET", "/operator/apps")).json.find((a: { id: string }) => a.id === app.id)).toMatchObject({ teamId: team, team: "Zebra Crossing Ltd" });
    // a member who is no operator sees none of it
    expect((await call(owner, "GET", "/operator/teams")).status).toBe(404);
  });
});
