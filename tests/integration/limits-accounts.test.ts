// Accounts (README "Hosting it for others"): every check of a password goes
// through the sign-in guard, and every label a user gives refuses hidden
// characters (the hashing queue's burst: limits-server.test.ts). Over real HTTP from
// loopback addresses of its own (127.0.7x.y). The guard counts in clock minutes: its
// tests call a portal of their own (in this process, on a database of its own) on a
// test clock held in one minute (tests/helpers/window.ts holdNextMinute), so a slow
// machine cannot split a count, and no test waits for a minute to begin.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/services/users";
import { randomBase62 } from "@/lib/ids";
import { consoleCall } from "../helpers/console-http";
import { signInOverHttp } from "../helpers/from-address";
import { newApp, origin } from "../helpers/apps";
import { cliOn } from "../helpers/operator";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { holdNextMinute, letClocksRun } from "../helpers/window";

const PASSWORD = "correct horse battery";
const email = (tag: string) => `${tag}-${randomBase62(10).toLowerCase()}@example.com`;

/** `u` signed in at `at` from the address `from`, with its session cookie. */
async function withSession<U extends { email: string }>(u: U, from: string, at = origin()) {
  const { session } = await signInOverHttp(at, u.email, PASSWORD, from);
  return { ...u, cookie: session! };
}
const signedIn = async (from: string) => withSession(await createUser({ email: email("acc"), password: PASSWORD }), from);

describe("the current password is guarded like a sign-in", () => {
  let guarded: InProcessPortal | undefined;
  let guardedDb = "";
  beforeAll(async () => {
    guardedDb = (await ownDb("limits_accounts_guard")).url;
    guarded = await startPortal({ env: { DATABASE_URL: guardedDb } });
  });
  afterAll(() => guarded?.close());
  afterEach(() => guarded && letClocksRun(guarded.origin));
  const at = () => guarded!.origin;
  const minute = () => holdNextMinute(at());
  /** A user made with the operator command line on the guarded portal's database. */
  async function guardedUser() {
    const e = email("acc");
    await cliOn(guardedDb, at(), "user", "create", "--email", e, "--password", PASSWORD);
    return { email: e };
  }
  const guardedSignedIn = async (from: string) => withSession(await guardedUser(), from, at());

  it("password change: five wrong current passwords from one address, then even the right one is refused (429); from another address it works", async () => {
    const u = await guardedSignedIn("127.0.70.1");
    await minute();
    for (let i = 0; i < 5; i++) {
      const r = await consoleCall(at(), u.cookie, "POST", "/account/password", { current: `not it ${i}`, next: "another long phrase" }, "127.0.70.2");
      expect(r.status).toBe(403);
    }
    const refused = await consoleCall(at(), u.cookie, "POST", "/account/password", { current: PASSWORD, next: "another long phrase" }, "127.0.70.2");
    expect([refused.status, refused.json.error]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const ok = await consoleCall(at(), u.cookie, "POST", "/account/password", { current: PASSWORD, next: "another long phrase" }, "127.0.70.3");
    expect(ok.status).toBe(200);
  });

  it("account deletion counts with sign-in: wrong passwords at sign-in refuse the deletion from that address", async () => {
    const u = await guardedSignedIn("127.0.71.1");
    await minute();
    for (let i = 0; i < 5; i++) expect((await signInOverHttp(at(), u.email, `wrong ${i}`, "127.0.71.2")).session).toBeNull();
    const refused = await consoleCall(at(), u.cookie, "DELETE", "/account", { password: PASSWORD }, "127.0.71.2");
    expect([refused.status, refused.json.error]).toEqual([429, "RATE_LIMITED"]);
    const wrong = await consoleCall(at(), u.cookie, "DELETE", "/account", { password: "not it" }, "127.0.71.3");
    expect(wrong.status).toBe(403);
  });

  it("successful sign-ins are counted per account and address: the 11th in a minute is refused, another address still signs in", async () => {
    const u = await guardedUser();
    await minute();
    for (let i = 0; i < 10; i++) expect((await signInOverHttp(at(), u.email, PASSWORD, "127.0.72.1")).session, `sign-in ${i + 1}`).not.toBeNull();
    const eleventh = await signInOverHttp(at(), u.email, PASSWORD, "127.0.72.1");
    expect(eleventh.session).toBeNull();
    expect(eleventh.location).toContain("code=throttled");
    expect((await signInOverHttp(at(), u.email, PASSWORD, "127.0.72.2")).session).not.toBeNull();
  });
});

describe("labels refuse hidden characters", () => {
  // The byte-order mark at either end (trimming used to drop it quietly), other format characters, and stacked ("zalgo") marks too.
  const hidden = [
    "a\u3164b", "pay\u200Dpal", "x\u0000y", "\u202Egnp.exe", "a\u2066b", "soft\u00ADhyphen", "\u115Fname", "tag\u{E0041}",
    "\uFEFFShop", "Shop\uFEFF", "num\u0600ber", "Z\u0351\u0352\u0353\u0354algo",
  ];

  it("app names, in the console's routes", async () => {
    const u = await signedIn("127.0.75.1");
    for (const name of hidden) {
      const r = await consoleCall(origin(), u.cookie, "POST", "/apps", { name }, "127.0.75.1");
      expect([JSON.stringify(name), r.status, r.json.error]).toEqual([JSON.stringify(name), 400, "VALIDATION_ERROR"]);
    }
    const ok = await consoleCall(origin(), u.cookie, "POST", "/apps", { name: "Café ☕ 東京" }, "127.0.75.1");
    expect(ok.status).toBe(201);
  });

  it("key labels", async () => {
    const u = await signedIn("127.0.76.1");
    const app = await consoleCall(origin(), u.cookie, "POST", "/apps", { name: "Labels" }, "127.0.76.1");
    for (const label of hidden) {
      const r = await consoleCall(origin(), u.cookie, "POST", `/apps/${app.json.id}/keys`, { label }, "127.0.76.1");
      expect([JSON.stringify(label), r.status, r.json.error]).toEqual([JSON.stringify(label), 400, "VALIDATION_ERROR"]);
    }
    const key = await consoleCall(origin(), u.cookie, "POST", `/apps/${app.json.id}/keys`, { label: "CI runner" }, "127.0.76.1");
    expect(key.status).toBe(201);
    const renamed = await consoleCall(origin(), u.cookie, "PATCH", `/apps/${app.json.id}/keys/${key.json.consumerKey}`, { label: "ci\u200Brunner" }, "127.0.76.1");
    expect(renamed.status).toBe(400);
  });

  it("sandbox names, through the developer API", async () => {
    const a = await newApp();
    for (const name of hidden) {
      const r = await a.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 60, name });
      expect([JSON.stringify(name), r.status, r.body.error]).toEqual([JSON.stringify(name), 400, "VALIDATION_ERROR"]);
    }
    const ok = await a.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 60, name: "Vie\u0323\u0302t ci" });
    expect([ok.status, ok.body.name]).toEqual([201, "Vie\u0323\u0302t ci"]);
  });

  it("test numbers (their value and names)", async () => {
    const a = await newApp({ groups: ["Payments"] });
    for (const value of ["INV\u200B1", "INV\u31641", "INV\u202E1"]) {
      const r = await a.call("POST", "/dev/v1/test-numbers", { operationId: "collect.push", field: "reference", value, scenario: "cancelled" });
      expect([JSON.stringify(value), r.status, r.body.error]).toEqual([JSON.stringify(value), 400, "VALIDATION_ERROR"]);
    }
    const ok = await a.call("POST", "/dev/v1/test-numbers", { operationId: "collect.push", field: "reference", value: "INV-1", scenario: "cancelled" });
    expect(ok.status).toBe(200);
  });
});
