// Deleting an account with teams (issue 44 item 3): a team with another
// member stays with its apps; a team only the account is in goes with it, with
// its apps, and the Account page's confirmation names them from the server's
// own list; the only owner of a team with members is refused (409), as leaving
// is; a confirmation that no longer matches what would go is refused (409).
// A portal of its own with SMTP in this process (the invitations' links);
// what is gone is read through what users call: the gateway's token endpoint
// for an app's keys, the console's routes for the teams left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom, setCookies } from "../helpers/from-address";
import { requestToken } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { startSmtp } from "../helpers/smtp";

const PASSWORD = "a long deletion password";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let nextAddress = 1;
const fresh = () => `127.0.84.${nextAddress++}`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ databaseUrl: (await ownDb("account_deletion")).url, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Account = { email: string; cookie: string };
async function account(tag: string): Promise<Account> {
  const email = `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
  const r = await signUpOverHttp(server.origin, email, PASSWORD, fresh());
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return { email, cookie: setCookies(r).find((c) => c.includes("session-token="))! };
}
async function call(who: Account, method: string, path: string, body?: unknown, status = 200) {
  const r = await consoleCall(server.origin, who.cookie, method, path, body);
  expect(r.status, `${method} ${path}: ${r.text.slice(0, 300)}`).toBe(status);
  return r.json;
}
async function join(owner: Account, teamId: string, who: Account, role: string) {
  await call(owner, "POST", `/teams/${teamId}/invitations`, { email: who.email, role }, 201);
  await expect.poll(() => smtp.to(who.email).length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
  const token = /\/invite\/([\w-]+)/.exec(smtp.to(who.email).at(-1)!.text)![1];
  await call(who, "POST", "/invitations/accept", { token });
}
/** An app of `teamId` with a key pair: whether its keys still get a token says whether it is still there. */
async function appWithKeys(owner: Account, teamId: string, name: string) {
  const app = await call(owner, "POST", "/apps", { name, teamId }, 201);
  const pair = await call(owner, "POST", `/apps/${app.id}/keys`, {}, 201);
  return { id: app.id as string, tokenStatus: async () => (await requestToken(server.origin, pair.consumerKey, pair.consumerSecret)).status };
}
const accountPage = async (who: Account) => (await requestFrom("127.0.0.1", `${server.origin}/account`, { headers: { cookie: who.cookie } })).text;

describe("deleting an account with teams", () => {
  it("goes with the teams only it is in and their apps, named on the Account page first; a team with another owner stays with its apps", async () => {
    const ada = await account("ada");
    const bob = await account("bob");
    const own = (await call(ada, "GET", "/teams")).teams[0].teamId as string;
    const solo = (await call(ada, "POST", "/teams", { name: "Solo Works" }, 201)).teamId as string;
    const shared = (await call(bob, "POST", "/teams", { name: "Shared Co" }, 201)).teamId as string;
    await join(bob, shared, ada, "owner");
    const ownApp = await appWithKeys(ada, own, "Ada own app");
    const soloApp = await appWithKeys(ada, solo, "Solo checkout");
    const sharedApp = await appWithKeys(ada, shared, "Shared payouts");

    // the confirmation names what goes, and only that
    const page = await accountPage(ada);
    expect(page).toContain("Solo Works");
    expect(page).toContain("Solo checkout");
    expect(page).toContain("Ada own app");
    expect(page).not.toContain("Shared payouts");
    expect(page).not.toContain("Deletes the account and every app it owns");

    // a confirmation that named other teams than would go: refused, nothing happens
    const stale = await consoleCall(server.origin, ada.cookie, "DELETE", "/account", { password: PASSWORD, teams: [own] });
    expect([stale.status, stale.json.error]).toEqual([409, "CONFLICT"]);
    expect(await soloApp.tokenStatus()).toBe(200);

    const done = await call(ada, "DELETE", "/account", { password: PASSWORD, teams: [solo, own] });
    expect(done.teams.map((t: { name: string; apps: { name: string }[] }) => [t.name, t.apps.map((a) => a.name)]).sort())
      .toEqual([[ada.email, ["Ada own app"]], ["Solo Works", ["Solo checkout"]]].sort());
    expect(await ownApp.tokenStatus()).toBe(401);
    expect(await soloApp.tokenStatus()).toBe(401);
    expect(await sharedApp.tokenStatus()).toBe(200);
    const left = await call(bob, "GET", `/teams/${shared}/members`);
    expect(left.members.map((m: { email: string }) => m.email)).toEqual([bob.email]);
    expect((await call(bob, "GET", "/apps")).map((a: { id: string }) => a.id)).toContain(sharedApp.id);
  });

  it("the only owner of a team with other members is refused (409) until another member is an owner; the page says so", async () => {
    const cleo = await account("cleo");
    const dan = await account("dan");
    const team = (await call(cleo, "POST", "/teams", { name: "Owned Alone" }, 201)).teamId as string;
    await join(cleo, team, dan, "viewer");
    expect(await accountPage(cleo)).toContain("You are the only owner of Owned Alone");
    const refused = await consoleCall(server.origin, cleo.cookie, "DELETE", "/account", { password: PASSWORD });
    expect([refused.status, refused.json.error]).toEqual([409, "CONFLICT"]);
    expect(refused.json.message).toContain("Owned Alone");
    expect((await call(cleo, "GET", "/teams")).teams).toHaveLength(2);

    await call(cleo, "PATCH", `/teams/${team}/members/${(await call(cleo, "GET", `/teams/${team}/members`)).members[1].userId}`, { role: "owner" });
    await call(cleo, "DELETE", "/account", { password: PASSWORD });
    expect((await call(dan, "GET", `/teams/${team}/members`)).members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([[dan.email, "owner"]]);
  });

  it("a list of teams that is not a list of ids: 400 in the error body", async () => {
    const eve = await account("eve");
    const r = await consoleCall(server.origin, eve.cookie, "DELETE", "/account", { password: PASSWORD, teams: "all" });
    expect([r.status, r.json.error]).toEqual([400, "VALIDATION_ERROR"]);
  });
});
