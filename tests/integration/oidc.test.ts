// Single sign-on over real HTTP (issue 45 item 4) against a real OpenID provider:
// oidc-provider in this process over HTTPS with a certificate made here
// (tests/helpers/oidc-idp.ts), trusted by a portal process of its own started
// with NODE_EXTRA_CA_CERTS (the setting is read only when a process starts).
// The authorization code flow is driven as a browser would: Auth.js's sign-in
// endpoint, the provider's redirects and interaction, the portal's callback, with
// the cookies each side set. A verified email joins the account that has it or
// makes one; an unverified one is refused (and makes none); the `groups` claim
// gives the operator role and takes it back; a callback with a bad state or
// nonce, from another issuer, for another client or with an expired id token is
// refused on the sign-in page with a message, no 5xx and no session.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom, setCookies } from "../helpers/from-address";
import { Jar, makeCertificate, startIdp, type IdpUser, type TestCertificate, type TestIdp, throughIdp } from "../helpers/oidc-idp";
import { ownDb } from "../helpers/own-server";
import { type RunningServer, startServer } from "../helpers/server";

const PASSWORD = "a long single sign-on password";
const NAME = "Acme Staff SSO";
const FROM = "127.0.84.1";
let cert: TestCertificate;
let idp: TestIdp;
/** A second provider the portal does not know: its answers have another issuer. */
let stranger: TestIdp;
let portal: RunningServer;
/** A portal on the same provider that requires verified email (REQUIRE_EMAIL_VERIFICATION=1), as a hosted one does. */
let strict: RunningServer;

beforeAll(async () => {
  cert = makeCertificate();
  idp = await startIdp(cert);
  stranger = await startIdp(cert);
  const { url } = await ownDb("oidc");
  portal = await startServer({
    databaseUrl: url,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "portal-client-secret-for-tests",
      OIDC_NAME: NAME,
      OIDC_OPERATOR_GROUPS: "sandbox-operators, platform",
      NODE_EXTRA_CA_CERTS: cert.caFile,
    },
  });
  strict = await startServer({
    databaseUrl: (await ownDb("oidc_strict")).url,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "portal-client-secret-for-tests",
      OIDC_NAME: NAME,
      REQUIRE_EMAIL_VERIFICATION: "1",
      NODE_EXTRA_CA_CERTS: cert.caFile,
    },
  });
  const callback = `${portal.origin}/api/auth/callback/oidc`;
  idp.serve([
    { client_id: "portal", client_secret: "portal-client-secret-for-tests", redirect_uris: [callback, `${strict.origin}/api/auth/callback/oidc`] },
    { client_id: "another-app", client_secret: "another-app-secret-for-tests", redirect_uris: [callback] },
  ]);
  stranger.serve([{ client_id: "portal", client_secret: "portal-client-secret-for-tests", redirect_uris: [callback] }]);
});
afterAll(async () => {
  await portal?.stop();
  await strict?.stop();
  await idp?.close();
  await stranger?.close();
  if (cert) fs.rmSync(cert.dir, { recursive: true, force: true });
});

/** Auth.js's sign-in endpoint for `oidc` (what the sign-in page's button does): the provider's authorization address. */
async function begin(): Promise<{ jar: Jar; authorize: URL }> {
  const jar = new Jar();
  const csrf = await requestFrom(FROM, `${portal.origin}/api/auth/csrf`);
  jar.take(csrf.headers);
  const r = await requestFrom(FROM, `${portal.origin}/api/auth/signin/oidc`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams({ csrfToken: csrf.json.csrfToken, callbackUrl: `${portal.origin}/apps` }).toString(),
  });
  expect(r.status, r.text.slice(0, 300)).toBe(302);
  jar.take(r.headers);
  const authorize = new URL(String(r.headers.location));
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${portal.origin}/api/auth/callback/oidc`);
  return { jar, authorize };
}

type Finished = { status: number; location: string; session: string | null };
/** The portal's callback with the flow's cookies: where it sends the browser, and the session it set (if any). */
async function finish(callback: string, jar: Jar): Promise<Finished> {
  const r = await requestFrom(FROM, callback, { headers: { cookie: jar.header } });
  const session = setCookies(r).find((c) => c.includes("session-token=") && !c.endsWith("=")) ?? null;
  return { status: r.status, location: String(r.headers.location ?? ""), session };
}

/** The whole flow as `user` at the provider. */
async function ssoAs(user: IdpUser): Promise<Finished> {
  idp.as(user);
  const { jar, authorize } = await begin();
  return finish(await throughIdp(authorize.href, cert.ca), jar);
}

const newEmail = (what: string) => `sso-${what}-${randomBase62(8).toLowerCase()}@example.com`;
const call = (cookie: string, method: string, path: string, body?: unknown) => consoleCall(portal.origin, cookie, method, path, body, FROM);
async function ok(r: Promise<{ status: number; text: string; json: any }>, status = 200) {
  const got = await r;
  expect(got.status, got.text).toBe(status);
  return got.json;
}
async function passwordAccount(email: string) {
  const r = await signUpOverHttp(portal.origin, email, PASSWORD, FROM);
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return setCookies(r).find((c) => c.includes("session-token="))!;
}
const signedIn = (f: Finished) => {
  expect(f.status).toBe(302);
  expect(new URL(f.location).pathname).toBe("/apps");
  expect(f.session).not.toBeNull();
  return f.session!;
};
/** Refused: back on the sign-in page with `error`, no session; the page says `says`. */
async function refused(f: Finished, says: RegExp) {
  expect(f.status).toBe(302);
  expect(f.session).toBeNull();
  const page = new URL(f.location, portal.origin);
  expect(page.pathname).toBe("/signin");
  const html = await requestFrom(FROM, page.href);
  expect(html.status).toBe(200);
  expect(html.text).toMatch(says);
  return page.searchParams.get("error");
}
const COULD_NOT_VERIFY = new RegExp(`Sign-in with ${NAME} could not be completed`);

describe("single sign-on with OpenID Connect", () => {
  it("the sign-in page offers the provider by its name", async () => {
    const page = await requestFrom(FROM, `${portal.origin}/signin`);
    expect(page.text).toContain(`Sign in with ${NAME}`);
  });

  it("a verified email joins the account that has it: its apps, and a signin with the method in its audit", async () => {
    const email = newEmail("join");
    const byPassword = await passwordAccount(email);
    const app = await ok(call(byPassword, "POST", "/apps", { name: "Joined by SSO" }), 201);
    const session = signedIn(await ssoAs({ sub: `join-${email}`, email: email.toUpperCase(), email_verified: true }));
    const apps = await ok(call(session, "GET", "/apps"));
    expect(apps.map((a: { id: string }) => a.id)).toContain(app.id);
    const audit = await ok(call(session, "GET", "/account/audit"));
    expect(audit.entries[0]).toMatchObject({ action: "signin", target: `${email} by single sign-on (${NAME})`, address: FROM });
  });

  it("a verified email with no account makes one (its own team, no apps)", async () => {
    const email = newEmail("new");
    const session = signedIn(await ssoAs({ sub: `new-${email}`, email, email_verified: true }));
    expect(await ok(call(session, "GET", "/apps"))).toEqual([]);
    const teams = await ok(call(session, "GET", "/teams"));
    expect(teams.teams).toHaveLength(1);
    // The same person again: the same account, not a second one.
    const again = signedIn(await ssoAs({ sub: `new-${email}`, email, email_verified: true }));
    expect((await ok(call(again, "GET", "/teams"))).teams[0].teamId).toBe(teams.teams[0].teamId);
  });

  it("where email must be verified, an account signed up but never verified goes to the provider's verified owner clean: the other's session and password no longer work", async () => {
    const first = portal;
    portal = strict; // the helpers above call `portal`
    try {
      const email = newEmail("squat");
      const squatter = await passwordAccount(email);
      expect((await ok(call(squatter, "GET", "/account/verification"))).verified).toBe(false);
      const owner = signedIn(await ssoAs({ sub: `owner-${email}`, email, email_verified: true }));
      expect(await ok(call(owner, "GET", "/account/verification"))).toMatchObject({ email, verified: true });
      // whoever signed it up is signed out, and their password is not the account's any more
      expect((await call(squatter, "GET", "/apps")).status).toBe(401);
      const change = await call(owner, "POST", "/account/email", { email: newEmail("moved"), password: PASSWORD });
      expect(change.status, change.text).toBeGreaterThanOrEqual(400);
      expect(change.status).toBeLessThan(500);
    } finally {
      portal = first;
    }
  });

  it("an unverified email never signs in to the account that has it, and the account's audit shows the attempt", async () => {
    const email = newEmail("takeover");
    const byPassword = await passwordAccount(email);
    for (const email_verified of [false, undefined]) {
      const error = await refused(await ssoAs({ sub: `attacker-${email}`, email, email_verified }), new RegExp(`${NAME} did not confirm that this email address is yours`));
      expect(error).toBe("sso_unverified");
    }
    const audit = await ok(call(byPassword, "GET", "/account/audit"));
    expect(audit.entries[0]).toMatchObject({ action: "signin.failed", target: `${email} by single sign-on (${NAME}): email not verified by the provider` });
  });

  it("an unverified email with no account makes none: its owner can still sign up with it", async () => {
    const email = newEmail("squat");
    await refused(await ssoAs({ sub: `squatter-${email}`, email, email_verified: false }), /did not confirm that this email address is yours/);
    await passwordAccount(email);
  });

  it("no email at all: refused with the reason", async () => {
    const error = await refused(await ssoAs({ sub: "no-email" }), new RegExp(`${NAME} did not give an email address`));
    expect(error).toBe("sso_no_email");
  });

  it("a listed group makes the account an operator at sign-in; without it, the next sign-in takes the role back", async () => {
    const email = newEmail("operator");
    const person = { sub: `op-${email}`, email, email_verified: true };
    const plain = signedIn(await ssoAs({ ...person, groups: ["staff"] }));
    await ok(call(plain, "GET", "/operator/apps"), 404);
    const operator = signedIn(await ssoAs({ ...person, groups: ["staff", "platform"] }));
    await ok(call(operator, "GET", "/operator/apps"));
    signedIn(await ssoAs({ ...person, groups: ["staff"] }));
    // The role is read on every request: the earlier session is no operator's any more either.
    await ok(call(operator, "GET", "/operator/apps"), 404);
  });

  it("a callback whose state is not the flow's is refused", async () => {
    idp.as({ sub: "state", email: newEmail("state"), email_verified: true });
    const { jar, authorize } = await begin();
    const callback = new URL(await throughIdp(authorize.href, cert.ca));
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    await refused(await finish(callback.href, jar), COULD_NOT_VERIFY);
  });

  it("an id token whose nonce is another flow's is refused", async () => {
    idp.as({ sub: "nonce", email: newEmail("nonce"), email_verified: true });
    const one = await begin();
    const other = await begin();
    const callback = await throughIdp(one.authorize.href, cert.ca);
    // The first flow's state and PKCE verifier, the second flow's nonce: only the id token's nonce is wrong.
    const nonce = [...other.jar.cookies.keys()].find((n) => n.endsWith("authjs.nonce"))!;
    expect(nonce).toBeDefined();
    one.jar.cookies.set(nonce, other.jar.cookies.get(nonce)!);
    await refused(await finish(callback, one.jar), COULD_NOT_VERIFY);
  });

  it("an answer from another provider (another issuer) is refused", async () => {
    stranger.as({ sub: "mixup", email: newEmail("mixup"), email_verified: true });
    const { jar, authorize } = await begin();
    const elsewhere = new URL(authorize.pathname + authorize.search, stranger.issuer);
    const callback = await throughIdp(elsewhere.href, cert.ca);
    expect(new URL(callback).searchParams.get("iss")).toBe(stranger.issuer);
    await refused(await finish(callback, jar), COULD_NOT_VERIFY);
  });

  it("a code the provider issued to another client is refused", async () => {
    idp.as({ sub: "client", email: newEmail("client"), email_verified: true });
    const { jar, authorize } = await begin();
    authorize.searchParams.set("client_id", "another-app");
    await refused(await finish(await throughIdp(authorize.href, cert.ca), jar), COULD_NOT_VERIFY);
  });

  it("an expired id token is refused", async () => {
    idp.as({ sub: "expired", email: newEmail("expired"), email_verified: true });
    const { jar, authorize } = await begin();
    const callback = await throughIdp(authorize.href, cert.ca);
    // The provider's clock (it runs in this process) two hours back while the portal exchanges the code:
    // the id token it issues then (valid for an hour: tests/helpers/oidc-idp.ts) expired an hour before the portal reads it.
    const real = Date.now.bind(Date);
    const back = vi.spyOn(Date, "now").mockImplementation(() => real() - 7_200_000);
    let f: Finished;
    try {
      f = await finish(callback, jar);
    } finally {
      back.mockRestore();
    }
    await refused(f, COULD_NOT_VERIFY);
  });
});
