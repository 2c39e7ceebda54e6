// Limits hold exactly under concurrency (README "Hosting it for others"): 100
// requests at once — wrong secrets, wrong passwords, key pairs, apps, inspector
// posts, sign-ups — get exactly the limit through, on one server (SQLite, or
// PostgreSQL with TEST_PG_URL) and on two instances sharing one PostgreSQL
// database. Each on test clocks, moved to the start of a minute and held there for a burst counted a minute
// (tests/helpers/window.ts holdNextMinute: the burst stays in that minute however slow the machine). The others are refused, or answered busy (503 with
// Retry-After) on a machine too loaded for them to take their turn (tests/helpers/burst.ts).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ownDb, startServer } from "../helpers/own-server";
import { cliBatch, cliOn, tokenRequest, userEmails } from "../helpers/operator";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { type RawReply, requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import type { RunningServer } from "../helpers/server";
import { atCap, formBusy, signInRefused } from "../helpers/burst";
import { onPg } from "../helpers/test-db";
import { holdNextMinute, letClocksRun, nextHour } from "../helpers/window";

type Portal = { origins: string[]; dbUrl: string; net: number };

const PASSWORD = "long enough pw";
/** A burst's answers for a failure's message: each status, and a 5xx's error and Retry-After. */
const statusesOf = (rs: readonly RawReply[]) =>
  JSON.stringify(rs.map((r) => (r.status >= 500 ? [r.status, r.json?.error, r.headers["retry-after"]] : r.status)));

/** A user made with the operator command line, signed in over HTTP: its session cookie. */
async function consoleUser(p: Portal) {
  const email = `c-${randomUUID().slice(0, 8)}@example.com`;
  await cliOn(p.dbUrl, p.origins[0]!, "user", "create", "--email", email, "--password", PASSWORD);
  const { session } = await signInOverHttp(p.origins[0]!, email, PASSWORD, `127.${p.net}.250.1`);
  if (!session) throw new Error("no session");
  return { email, cookie: session };
}

/** The same tests on a portal of one or more instances; `p.net` keeps each portal's client addresses apart (127.<net>.x.y). */
function exactLimits(name: string, portal: () => Portal) {
  describe(name, () => {
    afterEach(() => letClocksRun(...portal().origins));

    it("100 wrong secrets for one key from one address at once: exactly 10 are checked (401), 90 refused (429); the owner elsewhere still gets a token", async () => {
      const p = portal();
      const email = `k-${randomUUID().slice(0, 8)}@example.com`;
      const [, , { consumerKey, consumerSecret }] = await cliBatch(p.dbUrl, p.origins[0]!, [
        ["user", "create", "--email", email, "--password", PASSWORD],
        ["app", "create", "--owner", email, "--name", "Guessed"],
        ["key", "create", "--app", "{appId}"],
      ]) as [unknown, unknown, { consumerKey: string; consumerSecret: string }];
      await holdNextMinute(...p.origins);
      const token = (i: number, secret: string, from: string) =>
        requestFrom(from, `${p.origins[i % p.origins.length]}/sandbox/oauth/v1/token`, tokenRequest(consumerKey, secret));
      const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => token(i, `wrong-${i}`, `127.${p.net}.1.1`)));
      expect(atCap(replies, 429), statusesOf(replies)).toEqual({ 401: 10, 429: 90 });
      expect((await token(0, consumerSecret, `127.${p.net}.1.2`)).status).toBe(200);
    });

    it("100 wrong passwords for one account from one address at once: exactly 5 are checked, the rest refused", async () => {
      const p = portal();
      const email = `s-${randomUUID().slice(0, 8)}@example.com`;
      await cliOn(p.dbUrl, p.origins[0]!, "user", "create", "--email", email, "--password", PASSWORD);
      await holdNextMinute(...p.origins);
      const tries = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signInOverHttp(p.origins[i % p.origins.length]!, email, `wrong password ${i}`, `127.${p.net}.2.1`)),
      );
      expect(tries.every((t) => t.session === null)).toBe(true);
      // Checked: told the password is wrong. Refused: too many tries (throttled), or, on a machine too loaded for the
      // attempt to take its turn, the portal busy (its database: unavailable; its password checks: busy). Nothing else.
      const checked = tries.filter((t) => t.location.includes("code=credentials"));
      const refused = tries.filter((t) => signInRefused(new URL(t.location, "http://x").searchParams.get("code")));
      expect([checked.length, refused.length], JSON.stringify(tries.map((t) => [t.status, t.location]))).toEqual([5, 95]);
    });

    it("100 key pairs created at once for one app: exactly 20 (KEY_PAIRS_PER_APP), the rest 409", async () => {
      const p = portal();
      const u = await consoleUser(p);
      const app = await consoleCall(p.origins[0]!, u.cookie, "POST", "/apps", { name: "Many keys" }, `127.${p.net}.250.1`);
      expect(app.status).toBe(201);
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          consoleCall(p.origins[i % p.origins.length]!, u.cookie, "POST", `/apps/${app.json.id}/keys`, {}, `127.${p.net}.250.1`)),
      );
      expect(atCap(replies, 409), statusesOf(replies)).toEqual({ 201: 20, 409: 80 });
      const keys = await consoleCall(p.origins[0]!, u.cookie, "GET", `/apps/${app.json.id}/keys`, undefined, `127.${p.net}.250.1`);
      expect(keys.json).toHaveLength(20);
    });

    it("100 apps created at once by one account: exactly 20 (APPS_PER_USER), the rest 409", async () => {
      const p = portal();
      const u = await consoleUser(p);
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          consoleCall(p.origins[i % p.origins.length]!, u.cookie, "POST", "/apps", { name: `App ${i}` }, `127.${p.net}.250.1`)),
      );
      expect(atCap(replies, 409), statusesOf(replies)).toEqual({ 201: 20, 409: 80 });
      const apps = await consoleCall(p.origins[0]!, u.cookie, "GET", "/apps", undefined, `127.${p.net}.250.1`);
      expect(apps.json).toHaveLength(20);
    });

    it("300 inspector posts at once to one app from ten addresses: exactly 120 kept (INSPECT_PER_MINUTE), the rest 429", async () => {
      const p = portal();
      const email = `i-${randomUUID().slice(0, 8)}@example.com`;
      const [, { appId }] = await cliBatch(p.dbUrl, p.origins[0]!, [
        ["user", "create", "--email", email, "--password", PASSWORD],
        ["app", "create", "--owner", email, "--name", "Flooded"],
      ]) as [unknown, { appId: string }];
      await holdNextMinute(...p.origins);
      const replies = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          requestFrom(`127.${p.net}.3.${(i % 10) + 1}`, `${p.origins[i % p.origins.length]}/inspect/${appId}`, { method: "POST", body: `post ${i}` })),
      );
      expect(atCap(replies, 429), statusesOf(replies)).toEqual({ 200: 120, 429: 180 });
      // the owner's inbox in the console, a page of 100 at a time
      const { session } = await signInOverHttp(p.origins[0]!, email, PASSWORD, `127.${p.net}.250.1`);
      let kept = 0;
      for (let before = ""; ; ) {
        const page = await consoleCall(p.origins[0]!, session!, "GET", `/apps/${appId}/inbox?take=100${before}`, undefined, `127.${p.net}.250.1`);
        expect(page.status, page.text).toBe(200);
        kept += page.json.items.length;
        if (!page.json.nextBefore) break;
        before = `&before=${page.json.nextBefore}`;
      }
      expect(kept).toBe(120);
    });

    it("100 sign-ups at once from one address: exactly 10 accounts (SIGNUPS_PER_HOUR), each signed in; the other 90 told why", async () => {
      const p = portal();
      const tag = `up${randomUUID().slice(0, 6)}`;
      await nextHour(...p.origins); // counted per hour: the burst in one window
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signUpOverHttp(p.origins[i % p.origins.length]!, `${tag}-${i}@example.com`, "a fine pass phrase", `127.${p.net}.4.1`)),
      );
      const signedIn = replies.filter((r) => r.status === 303 && setCookies(r).some((c) => c.includes("session-token=") && !c.endsWith("=")));
      const toldWhy = replies.filter((r) => r.status === 200 && r.text.includes("Too many sign-ups from your network"));
      // On a machine too loaded for a sign-up to take its turn, the form says the portal is busy (tests/helpers/burst.ts).
      const busyNow = replies.filter(formBusy);
      // Where a count differs, the answers that are none of these say why.
      const other = replies.filter((r) => !signedIn.includes(r) && !toldWhy.includes(r) && !busyNow.includes(r)).map((r) => [r.status, r.headers.location, r.text.slice(0, 200)]);
      expect(other).toEqual([]);
      // The accounts made (the operator's user list, newest first: the burst's among the newest 500): never more than
      // the cap; exactly the cap, each signed in, and the other 90 told why, when no answer was busy. A busy answer
      // may have been one of the 10 (its place given back after the others were refused), or its sign-in after the
      // account was made.
      const made = (await userEmails(p.dbUrl, p.origins[0]!)).filter((e) => e.startsWith(`${tag}-`)).length;
      if (busyNow.length === 0) expect([made, signedIn.length, toldWhy.length]).toEqual([10, 10, 90]);
      expect(made).toBeLessThanOrEqual(10);
      expect(made + busyNow.length).toBeGreaterThanOrEqual(10);
      expect([signedIn.length <= made, signedIn.length + busyNow.length >= made]).toEqual([true, true]);
    });
  });
}

let one: RunningServer;
let oneDb = "";
const pair: RunningServer[] = [];
let pairDb = "";
beforeAll(async () => {
  oneDb = (await ownDb("limits_one")).url;
  one = await startServer({ databaseUrl: oneDb, testClock: true });
  if (!onPg()) return;
  pairDb = (await ownDb("limits_pair")).url;
  const env = (i: number) => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `svc-limits-${i}-`)), AUTH_SECRET: "" });
  pair.push(...(await Promise.all([0, 1].map((i) => startServer({ databaseUrl: pairDb, env: env(i), testClock: true })))));
});
afterAll(async () => {
  await Promise.all([one, ...pair].map((s) => s?.stop()));
});

exactLimits("one server", () => ({ origins: [one.origin], dbUrl: oneDb, net: 10 }));

describe.skipIf(!onPg())("two instances on one PostgreSQL database", () => {
  exactLimits("requests spread over both", () => ({ origins: pair.map((s) => s.origin), dbUrl: pairDb, net: 20 }));
});
