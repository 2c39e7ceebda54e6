// Two-step sign-in over real HTTP (issue 45 item 2), on a portal of its own on a
// test clock (tests/helpers/portal.ts): the console's routes set it up, confirm
// and turn it off; Auth.js's credentials endpoint signs in with `totp`, codes
// computed here with otpauth as an authenticator app computes them. A password
// alone is refused with a reason that says a code is needed; a code is accepted
// once, ±1 step of drift; recovery codes once each; wrong codes count with the
// password guard; the operator's `user reset-totp` turns it off; the account's
// audit has totp.enabled, totp.disabled and the failures. 100 wrong codes at once through two
// instances on one database (a second portal, PostgreSQL when TEST_PG_URL is set) check exactly 5.
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { consoleCall, type HttpAccount, okJson, signedUpAccount } from "../helpers/console-http";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { cliOn } from "../helpers/operator";
import { noneLoggedAfterAll } from "../helpers/not-logged";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { signInRefused } from "../helpers/burst";
import { onPg } from "../helpers/test-db";
import { holdAtNextWindow } from "../helpers/window";

const PASSWORD = "a long two-step password";
let server: InProcessPortal;
let dbUrl: string;
let nextAddress = 1;
const fresh = () => `127.0.83.${nextAddress++}`;

/** A second instance on the same database, on the same clock (the throttle across instances). */
let second: InProcessPortal;

beforeAll(async () => {
  dbUrl = (await ownDb("totp")).url;
  // Room for 100 password checks waiting at once: a "busy" refusal counts nothing, which would blur the exact count below.
  const env = { DATABASE_URL: dbUrl, PASSWORD_HASH_QUEUE: "200" };
  server = await startPortal({ env });
  second = await startPortal({ env, clock: server.clock });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});
// a burst held in its minute (holdAtNextWindow) lets the clock run again for the next test
afterEach(() => server.clock.run());

/** 1 s into the next 30 s step of the portal's clock: the next 29 s are one step (the clock also moves with real time). */
const nextStep = () => server.clock.advance(30_000 - (server.clock.now() % 30_000) + 1000);
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: server.clock.now() + steps * 30_000 });
/** A 6-digit code that is none of the codes of the steps around now. */
const wrongCode = (secret: string) => ["000000", "111111", "222222", "333333"].find((c) => ![-2, -1, 0, 1, 2].some((s) => codeOf(secret, s) === c))!;

type Account = HttpAccount;
const account = () => signedUpAccount(server.origin, "totp", PASSWORD, fresh());
const call = (who: Account, method: string, path: string, body?: unknown) => consoleCall(server.origin, who.cookie, method, path, body, who.address);
const ok = okJson;
/** Signs in over the credentials endpoint (of `origin`'s instance): the session cookie or null, and the `code` Auth.js put in the redirect. */
async function signIn(who: Account, totp?: string, from = who.address, origin = server.origin) {
  const r = await signInOverHttp(origin, who.email, PASSWORD, from, totp);
  return { session: r.session, code: new URL(r.location, server.origin).searchParams.get("code") };
}
/** An account with two-step sign-in on, through the routes: its secret and recovery codes; the clock two steps past the confirming code. */
async function withTotp() {
  const who = await account();
  const { secret, otpauthUrl, qrCode } = await ok(call(who, "POST", "/account/totp"));
  // What an authenticator app reads from the QR code (Key Uri Format): RFC 6238 with SHA-1, 6 digits, 30 s.
  const url = new URL(otpauthUrl);
  expect([url.protocol, url.host, decodeURIComponent(url.pathname)]).toEqual(["otpauth:", "totp", `/Svc Sandbox:${who.email}`]);
  expect(Object.fromEntries(url.searchParams)).toEqual({ issuer: "Svc Sandbox", secret, algorithm: "SHA1", digits: "6", period: "30" });
  expect(qrCode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  nextStep();
  const { recoveryCodes } = await ok(call(who, "POST", "/account/totp/confirm", { code: codeOf(secret) }));
  nextStep();
  nextStep();
  secretsSeen.push(secret, ...recoveryCodes);
  return { ...who, secret, recoveryCodes: recoveryCodes as string[] };
}
/** Every secret and recovery code the tests were given: none may appear in a line either instance logged. */
const secretsSeen: string[] = [];
noneLoggedAfterAll(secretsSeen, () => [server, second]);
const audit = async (who: Account) => (await ok(call(who, "GET", "/account/audit"))).entries as { action: string; address: string | null }[];

describe("setting it up through the console's routes", () => {
  it.skipIf(onPg())("pending until a code confirms it; 10 recovery codes once; then the status says on", async () => {
    const who = await account();
    expect(await ok(call(who, "GET", "/account/totp"))).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const { secret } = await ok(call(who, "POST", "/account/totp"));
    // Pending: the password alone still signs in.
    expect((await signIn(who)).session).not.toBeNull();
    nextStep();
    const wrong = await call(who, "POST", "/account/totp/confirm", { code: wrongCode(secret) });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ error: "FORBIDDEN", message: expect.stringMatching(/code is not right/), requestId: expect.any(String) });
    const { recoveryCodes } = await ok(call(who, "POST", "/account/totp/confirm", { code: codeOf(secret) }));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await ok(call(who, "GET", "/account/totp"))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Once on, neither a second confirm nor a new set-up.
    expect((await call(who, "POST", "/account/totp/confirm", { code: codeOf(secret) })).json).toMatchObject({ error: "CONFLICT" });
    expect((await call(who, "POST", "/account/totp")).json).toMatchObject({ error: "CONFLICT", message: expect.stringMatching(/already on/) });
    expect((await audit(who)).map((e) => e.action)).toContain("totp.enabled");
  });

  it.skipIf(onPg())("bad input is a clear 4xx in the error body, never a 5xx", async () => {
    const who = await account();
    for (const body of [{}, { code: "12345" }, { code: "abcdef" }, { code: 123456 }]) {
      const r = await call(who, "POST", "/account/totp/confirm", body);
      expect(r.status, r.text).toBe(400);
      expect(r.json).toMatchObject({ error: "VALIDATION_ERROR", requestId: expect.any(String) });
    }
    // Confirming before setting up, turning off what is off.
    expect((await call(who, "POST", "/account/totp/confirm", { code: "123456" })).json).toMatchObject({ error: "CONFLICT", message: expect.stringMatching(/set up two-step sign-in first/) });
    expect((await call(who, "DELETE", "/account/totp", { code: "123456" })).json).toMatchObject({ error: "CONFLICT", message: expect.stringMatching(/not on/) });
    expect((await call(who, "DELETE", "/account/totp", { code: "x".repeat(65) })).status).toBe(400);
    // Signed out: 401.
    expect((await requestFrom(who.address, `${server.origin}/api/console/account/totp`, { method: "POST" })).status).toBe(401);
  });
});

describe("signing in with two-step sign-in on", () => {
  it.skipIf(onPg())("a password alone is refused with a reason that says a code is needed; the right code signs in", async () => {
    const who = await withTotp();
    const alone = await signIn(who);
    expect(alone).toEqual({ session: null, code: "totp_required" });
    // The page the endpoint sends the browser to says so.
    const page = await requestFrom(who.address, `${server.origin}/signin?error=CredentialsSignin&code=totp_required`);
    expect(page.text).toContain("two-step sign-in on: enter the 6-digit code");
    expect(await signIn(who, wrongCode(who.secret))).toEqual({ session: null, code: "totp_invalid" });
    const signedIn = await signIn(who, codeOf(who.secret));
    expect(signedIn.session).not.toBeNull();
    const failures = (await audit(who)).filter((e) => e.action === "signin.failed");
    expect(failures[0]).toMatchObject({ address: who.address });
  });

  it.skipIf(onPg())("a code is accepted once: the same code again is refused, and so is the step before it", async () => {
    const who = await withTotp();
    const code = codeOf(who.secret);
    expect((await signIn(who, code)).session).not.toBeNull();
    expect(await signIn(who, code)).toEqual({ session: null, code: "totp_invalid" });
    expect(await signIn(who, codeOf(who.secret, -1))).toEqual({ session: null, code: "totp_invalid" });
    nextStep();
    expect((await signIn(who, codeOf(who.secret))).session).not.toBeNull();
  });

  it.skipIf(onPg())("±1 step of drift is accepted, ±2 is not", async () => {
    const who = await withTotp();
    expect((await signIn(who, codeOf(who.secret, 2))).session).toBeNull();
    expect((await signIn(who, codeOf(who.secret, -2))).session).toBeNull();
    expect((await signIn(who, codeOf(who.secret, -1))).session).not.toBeNull();
    nextStep();
    expect((await signIn(who, codeOf(who.secret, 1))).session).not.toBeNull();
  });

  it.skipIf(onPg())("a recovery code signs in once each; the status counts what is left", async () => {
    const who = await withTotp();
    const [first, second] = who.recoveryCodes as [string, string];
    expect((await signIn(who, first)).session).not.toBeNull();
    expect(await signIn(who, first)).toEqual({ session: null, code: "totp_invalid" });
    expect((await signIn(who, second.toUpperCase())).session).not.toBeNull();
    expect(await ok(call(who, "GET", "/account/totp"))).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });
  });

  it.skipIf(onPg())("wrong codes count with the password guard: past 5 from one address the account is refused there, not elsewhere", async () => {
    const who = await withTotp();
    holdAtNextWindow(server.clock, 60_000, 1000); // the guard counts per clock minute: the 6 sign-ins in one
    for (let i = 0; i < 5; i++) expect(await signIn(who, wrongCode(who.secret))).toEqual({ session: null, code: "totp_invalid" });
    expect(await signIn(who, codeOf(who.secret))).toEqual({ session: null, code: "throttled" });
    expect((await signIn(who, codeOf(who.secret), fresh())).session).not.toBeNull();
  });

  it("100 wrong codes at once from one address, through two instances: exactly 5 are checked, 95 refused as too many", async () => {
    const who = await withTotp();
    // The guard counts per clock minute: the burst in one (a running clock moves with real time, and a loaded run crossed
    // a minute: 5 checked in each). A second into the next minute, held there until the test ends.
    holdAtNextWindow(server.clock, 60_000, 1000);
    const wrong = wrongCode(who.secret);
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(who, wrong, who.address, i % 2 ? second.origin : server.origin)));
    // Checked: the code was wrong. Refused: too many, or, on a machine too loaded for it to take its turn, the portal busy
    // (its database: unavailable; its password checks: busy). Nothing else.
    const codes = outcomes.map((o) => o.code);
    const counts = { checked: codes.filter((c) => c === "totp_invalid").length, refused: codes.filter(signInRefused).length };
    expect(counts, JSON.stringify(codes)).toEqual({ checked: 5, refused: 95 });
    expect(outcomes.every((o) => o.session === null)).toBe(true);
  });
});

describe("turning it off", () => {
  it.skipIf(onPg())("needs a code or a recovery code; then the password alone signs in again", async () => {
    const who = await withTotp();
    const wrong = await call(who, "DELETE", "/account/totp", { code: wrongCode(who.secret) });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ error: "FORBIDDEN", details: [{ field: "code" }] });
    expect(await ok(call(who, "DELETE", "/account/totp", { code: codeOf(who.secret) }))).toEqual({ enabled: false });
    expect(await ok(call(who, "GET", "/account/totp"))).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await signIn(who)).session).not.toBeNull();
    expect((await audit(who)).map((e) => e.action)).toContain("totp.disabled");
  });

  it.skipIf(onPg())("the operator's user reset-totp turns it off for a locked-out user, and the account's audit says so", async () => {
    const who = await withTotp();
    const reset = await cliOn(dbUrl, server.origin, "user", "reset-totp", "--email", who.email);
    expect(reset).toMatchObject({ email: who.email, totp: false });
    expect((await signIn(who)).session).not.toBeNull();
    const entry = (await audit(who)).find((e) => e.action === "totp.disabled");
    expect(entry).toMatchObject({ actor: null, target: who.email });
  });
});
