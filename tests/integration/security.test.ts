// Throttles that cannot be turned against owners, roles that cannot
// be claimed, sessions that end, caps, resend leases, private files, headers.
import { ownClock } from "../helpers/own-clock"; // first: the in-process resends' clock
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resendDelivery } from "@/lib/callbacks";
import { createApp } from "@/lib/services/apps";
import { ownTeamId } from "@/lib/services/teams";
import { createKeyPair } from "@/lib/services/keys";
import { createUser, signUp } from "@/lib/services/users";
import { randomBase62 } from "@/lib/ids";
import { ownerOf } from "../helpers/owner-view";
import { collectBody, http, newApp, origin } from "../helpers/apps";
import { holdAtNextWindow, holdNextMinute, letClocksRun } from "../helpers/window";
import { cliBatch, tokenRequest } from "../helpers/operator";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { PG_URL } from "../helpers/test-db";

const tokenAt = (at: string, from: string, key: string, secret: string, headers: Record<string, string> = {}) =>
  requestFrom(from, `${at}/sandbox/oauth/v1/token`, tokenRequest(key, secret, headers));
const tokenFrom = (from: string, key: string, secret: string, headers: Record<string, string> = {}) => tokenAt(clocked.origin, from, key, secret, headers);
const newEmail = (tag: string) => `${tag}-${randomBase62(10).toLowerCase()}@example.com`;
const PASSWORD = "correct horse battery";


let receiver: Receiver;
// The throttles' windows are clock minutes: their tests run on a portal of its own (in this process) on a test
// clock, moved to the start of a minute before each count (tests/helpers/window.ts).
let clocked: InProcessPortal;
let clockedDb = "";
beforeAll(async () => {
  receiver = await startReceiver();
  clockedDb = (await ownDb("security_clocked")).url;
  clocked = await startPortal({ env: { DATABASE_URL: clockedDb } });
});
afterAll(async () => {
  await receiver.close();
  await clocked?.close();
});
// a count held in its minute (holdNextMinute) lets the clock run again for the next test
afterEach(() => letClocksRun(clocked.origin));

const minute = () => holdNextMinute(clocked.origin);

/** A user (or also an app with a key pair) on the clocked server, made with the operator command line. */
async function clockedUser() {
  const email = newEmail("cu");
  await cliBatch(clockedDb, clocked.origin, [["user", "create", "--email", email, "--password", PASSWORD]]);
  return { email };
}
async function clockedKeys() {
  const email = newEmail("ck");
  const answers = await cliBatch(clockedDb, clocked.origin, [
    ["user", "create", "--email", email, "--password", PASSWORD],
    ["app", "create", "--owner", email, "--name", "Guessed"],
    ["key", "create", "--app", "{appId}"],
  ]);
  return { consumerKey: answers[2]!.consumerKey!, consumerSecret: answers[2]!.consumerSecret! };
}

describe("token endpoint: a guesser cannot lock the owner out", () => {
  it("ten wrong secrets from one address refuse that address (429), while the owner elsewhere gets a token", async () => {
    const keys = await clockedKeys();
    await minute();
    for (let i = 0; i < 10; i++) expect((await tokenFrom("127.0.0.2", keys.consumerKey, `guess-${i}`)).status).toBe(401);
    const guesser = await tokenFrom("127.0.0.2", keys.consumerKey, keys.consumerSecret);
    expect(guesser.status).toBe(429);
    expect(guesser.json.error).toBe("RATE_LIMITED");
    expect(Number(guesser.headers["retry-after"])).toBeGreaterThan(0);
    const owner = await tokenFrom("127.0.0.1", keys.consumerKey, keys.consumerSecret);
    expect(owner.status).toBe(200);
  });

  it("failures for one key from many addresses are slowed past ten a minute, and the right secret still succeeds", async () => {
    const keys = await clockedKeys();
    await minute();
    const took: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t0 = Date.now();
      expect((await tokenFrom(`127.0.1.${i + 1}`, keys.consumerKey, `guess-${i}`)).status).toBe(401);
      took.push(Date.now() - t0);
    }
    expect(Math.min(...took.slice(10))).toBeGreaterThanOrEqual(900); // the 11th and 12th failures are answered a second later
    // The right secret is not slowed: sent beside a 13th failure, it is answered while that failure is still held.
    let slowedAnswered = false;
    const slowed = tokenFrom("127.0.1.13", keys.consumerKey, "guess-12").then((r) => { slowedAnswered = true; return r; });
    const right = await tokenFrom("127.0.1.50", keys.consumerKey, keys.consumerSecret);
    expect(right.status).toBe(200);
    expect(slowedAnswered).toBe(false);
    expect((await slowed).status).toBe(401);
  });

  it("attempts that name no key count for their address only, not as guesses at one shared empty key", async () => {
    await minute();
    for (let i = 0; i < 15; i++) {
      const r = await requestFrom("127.0.0.4", `${clocked.origin}/sandbox/oauth/v1/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(i % 2 ? { authorization: "Basic %%%" } : {}) },
        body: "grant_type=client_credentials",
      });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
  });

  it("a forged x-forwarded-for does not give a guesser fresh addresses", async () => {
    const keys = await clockedKeys();
    await minute();
    for (let i = 0; i < 10; i++) {
      const r = await tokenFrom("127.0.0.3", keys.consumerKey, `guess-${i}`, { "x-forwarded-for": `203.0.113.${i + 1}` });
      expect(r.status).toBe(401);
    }
    const r = await tokenFrom("127.0.0.3", keys.consumerKey, "guess-x", { "x-forwarded-for": "203.0.113.99" });
    expect(r.status).toBe(429);
  });

});

describe("sign-in", () => {
  it("five wrong passwords from one address refuse that address; the owner signs in from another", async () => {
    const u = await clockedUser();
    await minute();
    for (let i = 0; i < 5; i++) {
      const r = await signInOverHttp(clocked.origin, u.email, `wrong password ${i}`, "127.0.0.5");
      expect(r.session).toBeNull();
    }
    const guesser = await signInOverHttp(clocked.origin, u.email, PASSWORD, "127.0.0.5");
    expect(guesser.session).toBeNull();
    expect(guesser.location).toContain("code=throttled");
    const owner = await signInOverHttp(clocked.origin, u.email, PASSWORD, "127.0.0.6");
    expect(owner.session).not.toBeNull();
  });
});

describe("sessions end", () => {
  const apps = (cookie: string) => http("GET", `${origin()}/api/console/apps`, { headers: { cookie } });

  it("changing the password ends every session of the account, copied cookies included", async () => {
    const u = await createUser({ email: newEmail("pw"), password: PASSWORD });
    const a = (await signInOverHttp(origin(), u.email, PASSWORD)).session!;
    const b = (await signInOverHttp(origin(), u.email, PASSWORD)).session!;
    expect((await apps(b)).status).toBe(200);
    const wrong = await http("POST", `${origin()}/api/console/account/password`, {
      headers: { cookie: a, "content-type": "application/json" },
      body: JSON.stringify({ current: "not it", next: "another long phrase" }),
    });
    expect(wrong.status).toBe(403);
    expect((await apps(b)).status).toBe(200);
    const changed = await http("POST", `${origin()}/api/console/account/password`, {
      headers: { cookie: a, "content-type": "application/json" },
      body: JSON.stringify({ current: PASSWORD, next: "another long phrase" }),
    });
    expect(changed.status).toBe(200);
    expect((await apps(a)).status).toBe(401);
    expect((await apps(b)).status).toBe(401);
    expect((await signInOverHttp(origin(), u.email, "another long phrase")).session).not.toBeNull();
  });

  it("sign out everywhere ends every session; next-auth's sign-out ends them too", async () => {
    const u = await createUser({ email: newEmail("so"), password: PASSWORD });
    const a = (await signInOverHttp(origin(), u.email, PASSWORD)).session!;
    const b = (await signInOverHttp(origin(), u.email, PASSWORD)).session!;
    expect((await http("DELETE", `${origin()}/api/console/account/sessions`, { headers: { cookie: a } })).status).toBe(200);
    expect((await apps(a)).status).toBe(401);
    expect((await apps(b)).status).toBe(401);

    const c = (await signInOverHttp(origin(), u.email, PASSWORD)).session!;
    expect((await apps(c)).status).toBe(200);
    const csrf = await requestFrom("127.0.0.1", `${origin()}/api/auth/csrf`, { headers: { cookie: c } });
    const jar = [c, ...(csrf.headers["set-cookie"] ?? []).map((x) => x.split(";")[0]!)].join("; ");
    await requestFrom("127.0.0.1", `${origin()}/api/auth/signout`, {
      method: "POST",
      headers: { cookie: jar, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.json.csrfToken }).toString(),
    });
    expect((await apps(c)).status).toBe(401); // the copied cookie no longer works
  });
});

describe("roles, passwords, names", () => {
  it("weak passwords are refused", async () => {
    const e = newEmail("weak");
    for (const password of ["12345678", "          ", e, "aaaaaaaaaa", "password123", "abababab"]) {
      await expect(createUser({ email: e, password }), JSON.stringify(password)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("app names refuse bidi overrides and invisible characters", async () => {
    const u = await createUser({ email: newEmail("bidi"), password: PASSWORD });
    for (const name of ["\u202Egnp.exe", "pay\u200Bpal", "a\u2066b", "tab\there"]) {
      await expect(createApp({ teamId: await ownTeamId(u.id), name }), JSON.stringify(name)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("sign-up never makes an operator and is counted per address", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const made = [];
    ownClock.hold(); // sign-ups are counted per clock hour: the 11 in one however slow the machine
    try {
      for (let i = 0; i < 10; i++) made.push(await signUp({ email: newEmail("su"), password: PASSWORD }, address));
      expect(made.every((u) => !u.operator)).toBe(true);
      await expect(signUp({ email: newEmail("su"), password: PASSWORD }, address)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    } finally {
      ownClock.run();
    }
    expect((await signUp({ email: newEmail("su"), password: PASSWORD }, "198.51.100.251")).operator).toBe(false);
  });
});

describe("caps", () => {
  it("an account has at most 20 apps, an app at most 20 key pairs", async () => {
    const u = await createUser({ email: newEmail("cap"), password: PASSWORD });
    const apps: string[] = [];
    for (let i = 0; i < 20; i++) apps.push((await createApp({ teamId: await ownTeamId(u.id), name: `App ${i}` })).id);
    await expect(createApp({ teamId: await ownTeamId(u.id), name: "one more" })).rejects.toMatchObject({ code: "CONFLICT" });
    const app = apps[0]!;
    for (let i = 0; i < 20; i++) await createKeyPair(app);
    await expect(createKeyPair(app)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("send it again", () => {
  async function delivered(a: Awaited<ReturnType<typeof newApp>>) {
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: `${receiver.url}/again` }), { "x-svc-time-scale": "0" });
    const owner = await ownerOf(a);
    return vi.waitFor(async () => {
      const [d] = await owner.deliveries({ q: r.body.checkoutId });
      expect(d?.state).toMatch(/^(DELIVERED|FAILED|NOT_SENT)$/);
      return d as { id: string; attempts: number };
    }, { timeout: 15_000, interval: 100 });
  }

  it("20 concurrent resends of one delivery post once: the others are refused while the lease is held", async () => {
    const a = await newApp();
    const d = await delivered(a);
    receiver.respond = () => ({ status: 200, delayMs: 300 });
    const before = receiver.received.filter((x) => x.headers["x-svc-delivery"] === d.id).length;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => resendDelivery(d.id, a.appId)));
    receiver.respond = () => ({ status: 200 });
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
    expect(receiver.received.filter((x) => x.headers["x-svc-delivery"] === d.id).length).toBe(before + 1);
  });

  it("resends count toward a per-app limit (RESENDS_PER_MINUTE, 60), and a delivery has at most 25 attempts", async () => {
    const a = await newApp();
    const ds = [await delivered(a), await delivered(a), await delivered(a)];
    holdAtNextWindow(ownClock, 60_000); // the 61 resends in one minute however slow the machine
    try {
      for (let i = 0; i < 60; i++) await resendDelivery(ds[i % 3]!.id, a.appId); // 20 each: under a delivery's 25 attempts
      await expect(resendDelivery(ds[0]!.id, a.appId)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    } finally {
      ownClock.run();
    }
    const b = await newApp();
    const e = await delivered(b);
    for (let i = 1; i < 25; i++) await resendDelivery(e.id, b.appId); // its 25th attempt
    await expect(resendDelivery(e.id, b.appId)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("callbacks, local mode", () => {
  it("credentials in a callback URL are refused and the delivery says why", async () => {
    const a = await newApp();
    const url = receiver.url.replace("http://", "http://user:secret@");
    const before = receiver.received.length;
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: url }), { "x-svc-time-scale": "0" });
    const owner = await ownerOf(a);
    const d = await vi.waitFor(async () => {
      const [found] = await owner.deliveries({ q: r.body.checkoutId });
      expect(found?.state).toBe("FAILED");
      return found;
    }, { timeout: 15_000, interval: 100 });
    expect(d.lastError).toMatch(/credentials/);
    expect(receiver.received.length).toBe(before);
  });
});

// The database file exists only on the embedded database (the PostgreSQL run has none).
const onSqlite = !PG_URL;

describe("hosting hygiene", () => {
  it.runIf(onSqlite)("database folder 0700, database file 0600", () => {
    const file = process.env.TEST_DB_FILE!;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    expect(fs.statSync(file.slice(0, file.lastIndexOf("/"))).mode & 0o777).toBe(0o700);
  });

  it("pages and API answers forbid framing and sniffing", async () => {
    for (const p of ["/", "/docs", "/signin", "/sandbox/collect/v1/push", "/openapi/collect.json"]) {
      const r = await fetch(`${origin()}${p}`);
      expect(r.headers.get("x-frame-options"), p).toBe("DENY");
      expect(r.headers.get("content-security-policy"), p).toContain("frame-ancestors 'none'");
      expect(r.headers.get("x-content-type-options"), p).toBe("nosniff");
    }
  });
});
