// Passkeys over real HTTP (issue 45 item 3), on a portal of its own on a test
// clock (tests/helpers/portal.ts): the console's routes add, list, rename and
// remove them; Auth.js's `passkey` endpoint signs in with one alone. The
// authenticator is the test's (tests/helpers/authenticator.ts: ES256 keys of
// node:crypto, attestation "none", assertions it signs), so what the server's
// library verifies is real cryptography. A tampered signature, another origin or
// RP id, an unknown or removed passkey, a replayed or expired challenge, a counter
// that goes back: refused with the reason, never a session, never a 5xx. Failures
// count with the password guard (100 at once through two instances on one
// database: exactly 5 checked); challenge requests have their own limit (100 at
// once through the two: exactly 20). The account's audit has passkey.added and passkey.removed; no
// challenge appears in either instance's log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { assert, type Credential, register } from "../helpers/authenticator";
import { atCap, signInRefused } from "../helpers/burst";
import { consoleCall, type HttpAccount, okJson, signedUpAccount } from "../helpers/console-http";
import { requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { noneLoggedAfterAll } from "../helpers/not-logged";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { onPg } from "../helpers/test-db";
import { holdAtNextWindow } from "../helpers/window";

let server: InProcessPortal;
let second: InProcessPortal;
let nextAddress = 1;
const fresh = () => `127.0.84.${nextAddress++}`;

beforeAll(async () => {
  const { url } = await ownDb("passkeys");
  // PASSKEYS_PER_USER 3: the cap's test below (no other test adds more than 2 to one account).
  const env = { DATABASE_URL: url, PASSKEYS_PER_USER: "3" };
  server = await startPortal({ env });
  // A second instance on the same database and clock (the throttles across instances).
  second = await startPortal({ env, clock: server.clock });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** What the browser would say: the portal's own origin (its PUBLIC_URL) and host. */
const own = () => ({ origin: server.origin, rpId: new URL(server.origin).hostname });
/** The start of the next clock minute on the portals' clock, held there: the throttles' counts fall in one window however slow the machine. */
const holdMinute = () => holdAtNextWindow(server.clock, 60_000);
afterEach(() => server.clock.run());

/** Every challenge the portals handed out: none may appear in a line either instance logged. */
const challengesSeen: string[] = [];
noneLoggedAfterAll(challengesSeen, () => [server, second]);

type Account = HttpAccount;
const PASSWORD = "a long passkey password";
const account = () => signedUpAccount(server.origin, "pk", PASSWORD, fresh());
const call = (who: Account, method: string, path: string, body?: unknown) => consoleCall(server.origin, who.cookie, method, path, body, who.address);
const ok = okJson;

async function registrationOptions(who: Account) {
  const options = await ok(call(who, "POST", "/account/passkeys/options"));
  challengesSeen.push(options.challenge);
  return options;
}
/** A passkey added to the account through the routes: the authenticator's credential and the listed passkey. */
async function withPasskey(who: Account, name = "Laptop") {
  const { credential, response } = register(await registrationOptions(who), own());
  const passkey = await ok(call(who, "POST", "/account/passkeys", { name, response }), 201);
  return { credential, passkey };
}

/** Sign-in options from `origin`'s instance, asked from `from`: the challenge. */
async function signInChallenge(from: string, origin = server.origin): Promise<string> {
  const r = await requestFrom(from, `${origin}/api/console/passkey-signin`, { method: "POST" });
  expect(r.status, r.text).toBe(200);
  expect(r.json).toMatchObject({ rpId: new URL(server.origin).hostname, userVerification: "required" });
  expect(r.json.allowCredentials ?? []).toEqual([]); // discoverable: no account named
  challengesSeen.push(r.json.challenge);
  return r.json.challenge;
}

/** Posts an answer to Auth.js's passkey endpoint as the sign-in page's action does: the session cookie or null, and Auth.js's `code`. */
async function signIn(answer: unknown, from: string, origin = server.origin) {
  const csrf = await requestFrom(from, `${origin}/api/auth/csrf`);
  const r = await requestFrom(from, `${origin}/api/auth/callback/passkey`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: setCookies(csrf).join("; "), "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.json.csrfToken, response: typeof answer === "string" ? answer : JSON.stringify(answer), callbackUrl: `${origin}/apps` }).toString(),
  });
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
  const session = setCookies(r).find((c) => c.includes("session-token=") && !c.endsWith("=")) ?? null;
  const location = String(r.headers.location ?? r.json?.url ?? "");
  return { session, code: new URL(location, server.origin).searchParams.get("code") };
}
/** Signs in with the credential (a fresh challenge, the authenticator's answer), from `from`. */
async function signInWith(cred: Credential, from: string, as: Partial<Parameters<typeof assert>[2]> = {}) {
  return signIn(assert(cred, await signInChallenge(from), { ...own(), ...as }), from);
}
/** Who a session cookie signs in as (the console's account route). */
const whoIs = async (session: string, from: string) => (await consoleCall(server.origin, session, "GET", "/account/passkeys", undefined, from)).status;
const audit = async (who: Account) => (await ok(call(who, "GET", "/account/audit"))).entries as { action: string; target: string; address: string | null }[];

describe("adding passkeys", () => {
  it.skipIf(onPg())("added under a name, listed, several per account; passkey.added in the account's audit", async () => {
    const who = await account();
    expect(await ok(call(who, "GET", "/account/passkeys"))).toEqual({ passkeys: [] });
    const options = await registrationOptions(who);
    // Discoverable, attestation none, the relying party PUBLIC_URL's host.
    expect(options).toMatchObject({ rp: { id: new URL(server.origin).hostname, name: "Svc Sandbox" }, user: { name: who.email }, attestation: "none", authenticatorSelection: { residentKey: "required" } });
    const { credential, response } = register(options, own());
    const added = await ok(call(who, "POST", "/account/passkeys", { name: "  Work laptop ", response }), 201);
    expect(added).toEqual({ id: expect.stringMatching(/^pk_/), name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null, transports: ["internal"] });
    // A second one; the first is excluded from its options (an authenticator holds one per account).
    const again = await registrationOptions(who);
    expect(again.excludeCredentials).toEqual([{ id: credential.id.toString("base64url"), type: "public-key", transports: ["internal"] }]);
    await ok(call(who, "POST", "/account/passkeys", { name: "Phone", response: register(again, own()).response }), 201);
    const listed = (await ok(call(who, "GET", "/account/passkeys"))).passkeys;
    expect(listed.map((p: { name: string }) => p.name)).toEqual(["Phone", "Work laptop"]);
    const entries = (await audit(who)).filter((e) => e.action === "passkey.added");
    expect(entries.map((e) => e.target)).toEqual(["Phone", "Work laptop"]);
    expect(entries[0]).toMatchObject({ address: who.address });
  });

  it.skipIf(onPg())("another origin, another RP id, a tampered attestation, a replayed or another account's challenge: refused with the reason, nothing added", async () => {
    const who = await account();
    const refused = async (response: unknown, reason: RegExp) => {
      const r = await call(who, "POST", "/account/passkeys", { name: "Bad", response });
      expect(r.status, r.text).toBe(403);
      expect(r.json).toMatchObject({ error: "FORBIDDEN", message: expect.stringMatching(reason), requestId: expect.any(String), details: [{ field: "response" }] });
    };
    await refused(register(await registrationOptions(who), { ...own(), origin: "http://evil.example" }).response, /another site's address/);
    await refused(register(await registrationOptions(who), { ...own(), rpId: "evil.example" }).response, /relying party/);
    // Attestation "none" signs nothing: what can be tampered with is its structure (cut short here).
    const tampered = register(await registrationOptions(who), own()).response;
    tampered.response.attestationObject = tampered.response.attestationObject.slice(0, 60);
    await refused(tampered, /malformed/);
    // Used once: the same answer again.
    const good = register(await registrationOptions(who), own()).response;
    await ok(call(who, "POST", "/account/passkeys", { name: "Good", response: good }), 201);
    await refused({ ...good, id: "AAAA", rawId: "AAAA" }, /expired or was used already/);
    // Another account's challenge is not this account's.
    const other = await account();
    await refused(register(await registrationOptions(other), own()).response, /expired or was used already/);
    expect((await ok(call(who, "GET", "/account/passkeys"))).passkeys.map((p: { name: string }) => p.name)).toEqual(["Good"]);
  });

  it.skipIf(onPg())("adding one needs a sign-in of the last 10 minutes: an older session (a cookie taken from the browser) is refused in words; signed in again, it adds", async () => {
    const who = await account();
    const early = await registrationOptions(who); // asked while the sign-in was fresh
    server.clock.advance(10 * 60_000 + 1000);
    const stale = await call(who, "POST", "/account/passkeys/options");
    expect(stale.status).toBe(403);
    expect(stale.json).toMatchObject({ error: "FORBIDDEN", details: [{ field: "session", message: expect.stringMatching(/^sign in again to add a passkey/) }] });
    // Options asked for earlier do not help: the add itself checks the sign-in.
    const late = await call(who, "POST", "/account/passkeys", { name: "Stolen", response: register(early, own()).response });
    expect(late.json).toMatchObject({ error: "FORBIDDEN", details: [{ field: "session" }] });
    expect((await ok(call(who, "GET", "/account/passkeys"))).passkeys).toEqual([]);
    // The same account signed in again now: its new session adds one.
    const again = await signInOverHttp(server.origin, who.email, PASSWORD, who.address);
    expect(again.session).not.toBeNull();
    await withPasskey({ ...who, cookie: again.session! }, "After signing in");
    expect((await ok(call({ ...who, cookie: again.session! }, "GET", "/account/passkeys"))).passkeys).toHaveLength(1);
  });

  it.skipIf(onPg())("an expired challenge is refused (the options are good for 5 minutes)", async () => {
    const who = await account();
    const options = await registrationOptions(who);
    server.clock.advance(301_000);
    const r = await call(who, "POST", "/account/passkeys", { name: "Late", response: register(options, own()).response });
    expect(r.json).toMatchObject({ error: "FORBIDDEN", message: expect.stringMatching(/expired/) });
  });

  it.skipIf(onPg())("bad input is a clear 4xx in the error body, never a 5xx; signed out: 401", async () => {
    const who = await account();
    const { response } = register(await registrationOptions(who), own());
    for (const body of [{}, { name: "x" }, { name: "", response }, { name: "x".repeat(61), response }, { name: "x", response: { ...response, type: "other" } }, { name: "x", response: "text" }]) {
      const r = await call(who, "POST", "/account/passkeys", body);
      expect(r.status, r.text).toBe(400);
      expect(r.json).toMatchObject({ error: "VALIDATION_ERROR", message: expect.any(String), requestId: expect.any(String) });
    }
    expect((await requestFrom(who.address, `${server.origin}/api/console/account/passkeys/options`, { method: "POST" })).status).toBe(401);
    expect((await requestFrom(who.address, `${server.origin}/api/console/account/passkeys`)).status).toBe(401);
  });
});

describe("signing in with a passkey alone", () => {
  it.skipIf(onPg())("the passkey signs in without an email or a password; its last use is listed; the audit has the sign-in", async () => {
    const who = await account();
    const { credential } = await withPasskey(who);
    const from = fresh();
    const signedIn = await signInWith(credential, from);
    expect(signedIn.code).toBeNull();
    expect(signedIn.session).not.toBeNull();
    expect(await whoIs(signedIn.session!, from)).toBe(200);
    const [listed] = (await ok(call(who, "GET", "/account/passkeys"))).passkeys;
    expect(listed.lastUsedAt).toEqual(expect.any(String));
    expect((await audit(who)).find((e) => e.action === "signin")).toMatchObject({ address: from });
  });

  it.skipIf(onPg())("a tampered signature, another origin, another RP id: refused with the reason, no session", async () => {
    const who = await account();
    const { credential } = await withPasskey(who);
    const from = fresh();
    expect(await signInWith(credential, from, { tamper: true })).toEqual({ session: null, code: "passkey_signature" });
    expect(await signInWith(credential, from, { origin: "http://evil.example" })).toEqual({ session: null, code: "passkey_origin" });
    expect(await signInWith(credential, from, { rpId: "evil.example" })).toEqual({ session: null, code: "passkey_rp" });
    // The page the endpoint sends a browser to says why.
    const page = await requestFrom(from, `${server.origin}/signin?error=CredentialsSignin&code=passkey_signature`);
    expect(page.text).toContain("signature does not verify");
    expect((await audit(who)).filter((e) => e.action === "signin.failed")).toHaveLength(3);
    // The passkey itself still signs in.
    expect((await signInWith(credential, fresh())).session).not.toBeNull();
    // A passkey signs in alone only as two factors: a key that proved presence but verified no one is refused.
    const presence = await signInWith(credential, fresh(), { presenceOnly: true });
    expect(presence.session).toBeNull();
    expect(presence.code).toMatch(/^passkey_/);
  });

  it.skipIf(onPg())("a challenge is used once: the same answer again is refused, so is an expired one", async () => {
    const who = await account();
    const { credential } = await withPasskey(who);
    const from = fresh();
    const answer = assert(credential, await signInChallenge(from), own());
    expect((await signIn(answer, from)).session).not.toBeNull();
    expect(await signIn(answer, from)).toEqual({ session: null, code: "passkey_challenge" });
    // The same challenge signed again with a counter past the last: still used.
    expect(await signIn(assert(credential, JSON.parse(Buffer.from(answer.response.clientDataJSON, "base64url").toString()).challenge, own()), from)).toEqual({ session: null, code: "passkey_challenge" });
    const late = await signInChallenge(from);
    server.clock.advance(301_000);
    expect(await signIn(assert(credential, late, own()), from)).toEqual({ session: null, code: "passkey_challenge" });
  });

  it.skipIf(onPg())("a counter that goes back (a copied authenticator) is refused", async () => {
    const who = await account();
    const { credential } = await withPasskey(who);
    const from = fresh();
    expect((await signInWith(credential, from, { counter: 7 })).session).not.toBeNull();
    expect(await signInWith(credential, from, { counter: 7 })).toEqual({ session: null, code: "passkey_counter" });
    expect(await signInWith(credential, from, { counter: 3 })).toEqual({ session: null, code: "passkey_counter" });
    expect((await signInWith(credential, from, { counter: 8 })).session).not.toBeNull();
    // WebAuthn's counter is 32 bits unsigned: past 2^31 - 1 it still moves forward, and back is still refused.
    expect((await signInWith(credential, from, { counter: 3_000_000_000 })).session).not.toBeNull();
    expect((await signInWith(credential, from, { counter: 4_294_967_295 })).session).not.toBeNull();
    expect(await signInWith(credential, from, { counter: 3_000_000_001 })).toEqual({ session: null, code: "passkey_counter" });
  });

  it.skipIf(onPg())("an unknown passkey, a malformed answer: refused with the reason", async () => {
    const stranger = register({ challenge: "x", rp: {}, user: { id: "dXNy" } }, own()).credential;
    const from = fresh();
    expect(await signInWith(stranger, from)).toEqual({ session: null, code: "passkey_unknown" });
    expect(await signIn("not json", from)).toEqual({ session: null, code: "passkey_invalid" });
    expect(await signIn({ id: "AAAA", type: "public-key" }, from)).toEqual({ session: null, code: "passkey_invalid" });
  });
});

describe("renaming and removing", () => {
  it.skipIf(onPg())("renamed; removed, it signs in no more; passkey.removed in the audit; another account's passkey is not found", async () => {
    const who = await account();
    const { credential, passkey } = await withPasskey(who, "Old name");
    expect(await ok(call(who, "PATCH", `/account/passkeys/${passkey.id}`, { name: "New name" }))).toMatchObject({ id: passkey.id, name: "New name" });
    const other = await account();
    expect((await call(other, "DELETE", `/account/passkeys/${passkey.id}`)).json).toMatchObject({ error: "NOT_FOUND" });
    expect((await call(other, "PATCH", `/account/passkeys/${passkey.id}`, { name: "Mine" })).status).toBe(404);
    const gone = await call(who, "DELETE", `/account/passkeys/${passkey.id}`);
    expect(gone.status, gone.text).toBe(204);
    expect((await ok(call(who, "GET", "/account/passkeys"))).passkeys).toEqual([]);
    expect(await signInWith(credential, fresh())).toEqual({ session: null, code: "passkey_unknown" });
    expect((await audit(who)).find((e) => e.action === "passkey.removed")).toMatchObject({ target: "New name", address: who.address });
    expect((await call(who, "DELETE", `/account/passkeys/${passkey.id}`)).status).toBe(404);
  });
});

describe("throttles, exact across two instances", () => {
  it("100 refused answers at once from one address through two instances: exactly 5 are checked, 95 refused as too many", async () => {
    const who = await account();
    const { credential } = await withPasskey(who);
    holdMinute();
    const from = fresh();
    const challenge = await signInChallenge(from);
    const answers = Array.from({ length: 100 }, () => assert(credential, challenge, { ...own(), tamper: true }));
    const outcomes = await Promise.all(answers.map((a, i) => signIn(a, from, i % 2 ? second.origin : server.origin)));
    // Checked: the answer was tampered with. Refused: too many, or, on a machine too loaded for it to take its turn, the
    // portal busy (tests/helpers/burst.ts signInRefused). Nothing else.
    const codes = outcomes.map((o) => o.code);
    const counts = { checked: codes.filter((c) => c?.startsWith("passkey_")).length, refused: codes.filter(signInRefused).length };
    expect(counts, JSON.stringify(codes)).toEqual({ checked: 5, refused: 95 });
    expect(outcomes.every((o) => o.session === null)).toBe(true);
    // From another address the passkey still signs in.
    expect((await signInWith(credential, fresh())).session).not.toBeNull();
  });

  it("100 sign-in challenges asked at once from one address through two instances: exactly 20 handed out, 80 refused with Retry-After", async () => {
    holdMinute();
    const from = fresh();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => requestFrom(from, `${i % 2 ? second.origin : server.origin}/api/console/passkey-signin`, { method: "POST" })));
    for (const r of replies) if (r.status === 200) challengesSeen.push(r.json.challenge);
    // 429 past the cap, or the busy answer on a machine too loaded for a request to take its turn (tests/helpers/burst.ts)
    expect(atCap(replies, 429), JSON.stringify(replies.map((r) => [r.status, r.json?.error]))).toEqual({ 200: 20, 429: 80 });
    const refused = replies.filter((r) => r.status === 429);
    expect(refused[0]!.json).toMatchObject({ error: "RATE_LIMITED", message: expect.stringMatching(/too many passkey requests/) });
    expect(refused[0]!.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("PASSKEYS_PER_USER (3 here): 10 added at once through two instances keep exactly 3, the rest 409; then no options until one is removed", async () => {
    holdMinute();
    const who = await account();
    const options = await Promise.all(Array.from({ length: 10 }, () => registrationOptions(who)));
    const added = await Promise.all(options.map((o, i) => {
      const origin = i % 2 ? second.origin : server.origin; // each instance's relying party is its own origin
      const { response } = register(o, { origin, rpId: new URL(origin).hostname });
      return consoleCall(origin, who.cookie, "POST", "/account/passkeys", { name: `Key ${i}`, response }, who.address);
    }));
    expect(added.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(added.find((r) => r.status === 409)!.json).toMatchObject({ error: "CONFLICT", message: "an account can have at most 3 passkeys; remove one first" });
    const listed = (await ok(call(who, "GET", "/account/passkeys"))).passkeys as { id: string }[];
    expect(listed).toHaveLength(3);
    // Full: refused before the authenticator is asked to make a key.
    expect((await call(who, "POST", "/account/passkeys/options")).json).toMatchObject({ error: "CONFLICT" });
    expect((await call(who, "DELETE", `/account/passkeys/${listed[0]!.id}`)).status).toBe(204);
    await withPasskey(who, "Replacement");
    expect((await ok(call(who, "GET", "/account/passkeys"))).passkeys).toHaveLength(3);
  });

  it("an account's registration challenges are counted for the account, from any address", async () => {
    holdMinute();
    const who = await account();
    const replies = [];
    for (let i = 0; i < 21; i++) replies.push(await consoleCall(server.origin, who.cookie, "POST", "/account/passkeys/options", undefined, fresh()));
    expect(replies.slice(0, 20).every((r) => r.status === 200)).toBe(true);
    expect(replies[20]!.json).toMatchObject({ error: "RATE_LIMITED" });
    for (const r of replies) if (r.status === 200) challengesSeen.push(r.json.challenge);
  });
});

