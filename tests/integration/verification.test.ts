// Verified email (issue 45 item 1) over real HTTP and real SMTP: two portals of
// this file's own on one database (PostgreSQL when TEST_PG_URL is set) and one
// test clock, started with REQUIRE_EMAIL_VERIFICATION=1 and SMTP_URL pointing at
// an SMTP server in this process (../helpers/smtp.ts). Sign-up mails a one-time
// link; until it is followed every console write answers 403 EMAIL_NOT_VERIFIED
// (every write method of every console route file, listed from the files) while
// reads work; the link's page, posted as a browser without JavaScript posts it,
// verifies the address; a used, expired (the clock moved past a day) or
// malformed link is refused in words. "Send the link again" is counted per
// account and per address: 100 at once through both instances send exactly
// the limit. A third portal on the same database without the setting (local)
// lets a new account write at once; the operator command line's accounts are verified.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { atCap } from "../helpers/burst";
import { consoleCall, formFields, postForm, signUpOverHttp } from "../helpers/console-http";
import { consoleRoutes } from "../helpers/console-routes";
import { requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { cliOn } from "../helpers/operator";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { startSmtp } from "../helpers/smtp";
import { onPg } from "../helpers/test-db";
import { clockToNextWindow } from "../helpers/window";

const PASSWORD = "a long verification password";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: InProcessPortal;
let second: InProcessPortal;
let local: InProcessPortal;
let dbUrl: string;
let nextAddress = 1;
const fresh = () => `127.0.86.${nextAddress++}`;

beforeAll(async () => {
  smtp = await startSmtp();
  dbUrl = (await ownDb("verification")).url;
  // Room for 20 sign-ups' password hashes at once (a "busy" refusal would blur the counts below).
  const env = { DATABASE_URL: dbUrl, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: "1", PASSWORD_HASH_QUEUE: "200" };
  server = await startPortal({ env });
  second = await startPortal({ env, clock: server.clock });
  local = await startPortal({ env: { DATABASE_URL: dbUrl, SMTP_URL: smtp.url }, clock: server.clock });
});
afterAll(async () => {
  await local?.close();
  await second?.close();
  await server?.close();
  await smtp?.close();
});

type Account = { email: string; cookie: string; address: string };
async function account(tag: string, at = server.origin): Promise<Account> {
  const email = `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
  const address = fresh();
  const r = await signUpOverHttp(at, email, PASSWORD, address);
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return { email, cookie: setCookies(r).find((c) => c.includes("session-token="))!, address };
}
const call = (who: Account, method: string, path: string, body?: unknown, at = server.origin) => consoleCall(at, who.cookie, method, path, body, who.address);

/** The verification link in a mail. */
const linkIn = (text: string) => /(http:\/\/\S+\/verify-email\/[\w-]+)/.exec(text)?.[1];
/** The newest mail to `email` holding a link: its link. */
async function mailedLink(email: string, count = 1) {
  await smtp.next(email);
  const mails = await waitForMails(email, count);
  return linkIn(mails.at(-1)!.text)!;
}
async function waitForMails(email: string, count: number) {
  await vi.waitFor(() => expect(smtp.to(email).length).toBeGreaterThanOrEqual(count), { timeout: 30_000, interval: 50 });
  return smtp.to(email);
}
/** Follows a link as a browser without JavaScript does: reads its page, then posts its form. */
async function follow(link: string, from = fresh()) {
  const page = await requestFrom(from, link);
  const hidden = await formFields(link, from).catch(() => null);
  return { page, hidden, posted: hidden ? await postForm(link, hidden, {}, from) : null };
}

/** Writes an account whose email is not verified yet may make: send the link again, fix its email, and its sessions. */
// `POST /passkey-signin` asks for a sign-in challenge: an open route, read before any session exists.
const ALLOWED_UNVERIFIED = ["POST /account/email", "POST /account/verification", "DELETE /account/sessions", "DELETE /account/sessions/[sessionId]", "POST /passkey-signin"];

describe("sign-up, then the mailed link", () => {
  it.skipIf(onPg())("mails a one-time link; before it is followed every console write answers 403 EMAIL_NOT_VERIFIED and reads work; after, writes are allowed", async () => {
    const a = await account("signup");
    const mail = await smtp.next(a.email);
    expect(mail.subject).toBe("Verify your email for Svc Sandbox");
    const link = linkIn(mail.text)!;
    expect(link.startsWith(`${server.origin}/verify-email/`)).toBe(true);
    expect(mail.html).toContain(link);

    // An app of the account's team, made by the operator, so app routes have one to name.
    const app = await cliOn(dbUrl, server.origin, "app", "create", "--owner", a.email, "--name", "Before verifying");
    const teamId = (await call(a, "GET", "/teams")).json.teams[0].teamId;

    // Every write method of every console route but the operator's (404 for this account) and the allowed ones.
    const writes = consoleRoutes()
      .filter((r) => !r.route.startsWith("/operator"))
      .flatMap((r) => r.methods.filter((m) => m !== "GET").map((m) => ({ method: m, route: r.route })))
      .filter((w) => !ALLOWED_UNVERIFIED.includes(`${w.method} ${w.route}`));
    expect(writes.length).toBeGreaterThan(30);
    const fill = (route: string) => route.replace("[appId]", app.appId).replace("[teamId]", teamId).replace(/\[(\w+)\]/g, (_, n: string) => `${n}_none`);
    for (const w of writes) {
      const r = await call(a, w.method, fill(w.route), {});
      expect([r.status, r.json?.error], `${w.method} ${w.route}: ${r.text.slice(0, 200)}`).toEqual([403, "EMAIL_NOT_VERIFIED"]);
      expect(r.json.message).toMatch(/verify your email first/);
      expect(r.json.requestId).toBe(r.headers["x-request-id"]);
    }
    // Through the other instance too, and nothing was made.
    expect((await call(a, "POST", "/apps", { name: "Not yet" }, second.origin)).json?.error).toBe("EMAIL_NOT_VERIFIED");

    // Reads work, and the console says why and offers the link again.
    expect((await call(a, "GET", "/apps")).json.map((x: { name: string }) => x.name)).toEqual(["Before verifying"]);
    expect((await call(a, "GET", "/account/verification")).json).toEqual({ email: a.email, required: true, verified: false });
    const page = await requestFrom(a.address, `${server.origin}/apps`, { headers: { cookie: a.cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Verify your email to make changes.");
    expect(page.text).toContain("Send the link again");

    // Reading the link's page leaves it usable; its form's post verifies.
    const { page: linkPage, posted } = await follow(link);
    expect(linkPage.text).toContain("Verify your email");
    expect(linkPage.text).toContain(a.email);
    expect([posted!.status, posted!.headers.location]).toEqual([303, "/email-verified"]);
    expect((await requestFrom(fresh(), `${server.origin}/email-verified`)).text).toContain("Your email is verified");

    // The same session may now write, on either instance, and the banner is gone.
    const made = await call(a, "POST", "/apps", { name: "After verifying" });
    expect(made.status, made.text).toBe(201);
    expect((await call(a, "POST", "/teams", { name: "Verified team" }, second.origin)).status).toBe(201);
    expect((await call(a, "GET", "/account/verification")).json.verified).toBe(true);
    expect((await requestFrom(a.address, `${server.origin}/apps`, { headers: { cookie: a.cookie } })).text).not.toContain("Verify your email to make changes.");
    const audit = (await call(a, "GET", "/account/audit")).json.entries as { action: string; target: string; address: string }[];
    expect(audit.find((e) => e.action === "email.verified")).toMatchObject({ target: a.email, address: expect.stringMatching(/^127\.0\.86\./) });
    // Verified, "send it again" has nothing to do.
    expect((await call(a, "POST", "/account/verification")).json).toMatchObject({ error: "CONFLICT" });
  });

  it.skipIf(onPg())("a used link, an expired one (the clock a day on) and a malformed one are refused in words, never a 5xx", async () => {
    const a = await account("reuse");
    const link = await mailedLink(a.email);
    const first = await follow(link);
    expect(first.posted!.headers.location).toBe("/email-verified");
    // Used: the page says so; a second post of the same form (a second tab) is refused.
    const again = await requestFrom(fresh(), link);
    expect(again.status).toBe(200);
    expect(again.text).toContain("This link no longer works");
    // (Posted without JavaScript, the answer is the page again, the action's refusal in its data.)
    const reposted = await postForm(link, first.hidden!, {}, fresh());
    expect(reposted.status).toBe(200);
    expect(reposted.text).toContain("This verification link has expired or was already used");
    expect(reposted.text).toContain("This link no longer works");

    // Expired: a day and a second later.
    const b = await account("expire");
    const old = await mailedLink(b.email);
    const hidden = await formFields(old);
    server.clock.advance(86_400_000 + 1000);
    expect((await requestFrom(fresh(), old)).text).toContain("This link no longer works");
    expect((await postForm(old, hidden, {}, fresh())).text).toContain("This verification link has expired or was already used");
    expect((await call(b, "POST", "/apps", { name: "Still not" })).json?.error).toBe("EMAIL_NOT_VERIFIED");
    // A new link works.
    expect((await call(b, "POST", "/account/verification")).status).toBe(202);
    expect((await follow(await mailedLink(b.email, 2))).posted!.headers.location).toBe("/email-verified");

    // Malformed: the page, and a post with a token that is none.
    for (const bad of ["abc", "not a token", "%E2%80%AE", "%25E0", "x".repeat(300)]) {
      const r = await requestFrom(fresh(), `${server.origin}/verify-email/${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(200);
      expect(r.text, bad).toContain("This link no longer works");
    }
    const forged = await postForm(link, first.hidden!.map(([n, v]) => [n, n === "token" ? "not/a-token" : v]), {}, fresh());
    expect(forged.status).toBe(200);
    expect(forged.text).toContain("This is not a verification link");
  });
});

describe("send the link again", () => {
  /** Moves the shared clock to the start of the next hour: the throttles' windows (an hour) start fresh. */
  const nextHour = () => clockToNextWindow(server.clock, 3_600_000, 1000);

  it("100 at once for one account from one address, through two instances: exactly 3 mailed (per account), 97 refused with Retry-After", async () => {
    const a = await account("resend");
    await smtp.next(a.email); // the sign-up's
    nextHour();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => call(a, "POST", "/account/verification", undefined, i % 2 ? second.origin : server.origin)));
    expect(atCap(replies, 429), JSON.stringify(replies.map((r) => r.status))).toEqual({ 202: 3, 429: 97 });
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.json).toMatchObject({ error: "RATE_LIMITED", message: expect.stringMatching(/too many verification mails for this account/) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await waitForMails(a.email, 4)).length).toBe(4);
  });

  it("100 at once from one address for 20 accounts, through two instances: exactly 10 mailed (per address)", async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => account("addr")));
    nextHour();
    const from = fresh();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => consoleCall(i % 2 ? second.origin : server.origin, accounts[i % 20]!.cookie, "POST", "/account/verification", undefined, from)),
    );
    expect(atCap(replies, 429), JSON.stringify(replies.map((r) => r.status))).toEqual({ 202: 10, 429: 90 });
    expect(replies.some((r) => /from your network/.test(r.json?.message ?? ""))).toBe(true);
  });
});

describe("changing the email", () => {
  it.skipIf(onPg())("needs the password and a free address; the new address is verified by its link before it replaces the old one", async () => {
    const email = `change-${randomBase62(8).toLowerCase()}@example.com`;
    await cliOn(dbUrl, server.origin, "user", "create", "--email", email, "--password", PASSWORD);
    const from = fresh();
    const cookie = (await signInOverHttp(server.origin, email, PASSWORD, from)).session!;
    const change = (body: unknown) => consoleCall(server.origin, cookie, "POST", "/account/email", body, from);
    const next = `changed-${randomBase62(8).toLowerCase()}@example.com`;

    expect((await change({ email: next, password: "not the password" })).json).toMatchObject({ error: "FORBIDDEN", details: [{ field: "password" }] });
    expect((await change({ email: "not an email", password: PASSWORD })).json).toMatchObject({ error: "VALIDATION_ERROR", details: [{ field: "email" }] });
    const other = `other-${randomBase62(8).toLowerCase()}@example.com`;
    await cliOn(dbUrl, server.origin, "user", "create", "--email", other, "--password", PASSWORD);
    expect((await change({ email: other, password: PASSWORD })).json).toMatchObject({ error: "CONFLICT", details: [{ field: "email" }] });

    const asked = await change({ email: next, password: PASSWORD });
    expect([asked.status, asked.json]).toEqual([200, { email: next, pending: true }]);
    const mail = await smtp.next(next);
    expect(mail.text).toContain("asked to use this address");
    // Until the link is followed the old email is the account's: it signs in, the new one does not.
    expect((await consoleCall(server.origin, cookie, "GET", "/account/verification", undefined, from)).json.email).toBe(email);
    expect((await signInOverHttp(server.origin, next, PASSWORD, fresh())).session).toBeNull();

    const { posted } = await follow(linkIn(mail.text)!);
    expect(posted!.headers.location).toBe("/email-verified");
    expect((await signInOverHttp(server.origin, next, PASSWORD, fresh())).session).not.toBeNull();
    expect((await signInOverHttp(server.origin, email, PASSWORD, fresh())).session).toBeNull();
    const audit = (await consoleCall(server.origin, cookie, "GET", "/account/audit", undefined, from)).json.entries as { action: string; target: string }[];
    expect(audit.find((e) => e.action === "email.verified")?.target).toBe(next);
  });

  it.skipIf(onPg())("locally the new email replaces the old one at once", async () => {
    const a = await account("local-change", local.origin);
    const next = `local-new-${randomBase62(8).toLowerCase()}@example.com`;
    const r = await call(a, "POST", "/account/email", { email: next, password: PASSWORD }, local.origin);
    expect([r.status, r.json]).toEqual([200, { email: next, pending: false }]);
    expect((await call(a, "GET", "/account/verification", undefined, local.origin)).json.email).toBe(next);
    expect((await call(a, "GET", "/account/audit", undefined, local.origin)).json.entries.map((e: { action: string }) => e.action)).toContain("email.changed");
    expect(smtp.to(next)).toEqual([]);
  });
});

describe("accounts that count as verified", () => {
  it.skipIf(onPg())("locally (not hosted, not required) a new account writes at once, and no mail is sent", async () => {
    const a = await account("local", local.origin);
    expect((await call(a, "GET", "/account/verification", undefined, local.origin)).json).toEqual({ email: a.email, required: false, verified: true });
    expect((await call(a, "POST", "/apps", { name: "Local app" }, local.origin)).status).toBe(201);
    const page = await requestFrom(a.address, `${local.origin}/apps`, { headers: { cookie: a.cookie } });
    expect(page.text).not.toContain("Verify your email to make changes.");
    expect(smtp.to(a.email)).toEqual([]);
  });

  it.skipIf(onPg())("an account the operator command line makes writes at once, where verification is required", async () => {
    const email = `cli-${randomBase62(8).toLowerCase()}@example.com`;
    await cliOn(dbUrl, server.origin, "user", "create", "--email", email, "--password", PASSWORD);
    const cookie = (await signInOverHttp(server.origin, email, PASSWORD, fresh())).session!;
    expect((await consoleCall(server.origin, cookie, "POST", "/apps", { name: "Operator-made" })).status).toBe(201);
    expect(smtp.to(email)).toEqual([]);
  });
});
