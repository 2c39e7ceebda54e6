// Account recovery over real HTTP and real SMTP: the portal started with
// SMTP_URL pointing at an SMTP server in this process (../helpers/smtp.ts),
// pages posted as a browser without JavaScript posts them, from loopback
// addresses of their own (127.0.8x.y). A second portal without SMTP_URL writes
// the link to its log.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, formFields, postForm, signUpOverHttp } from "../helpers/console-http";
import { setCookies, signInOverHttp, requestFrom } from "../helpers/from-address";
import { cliWith } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { advanceClock, type RunningServer } from "../helpers/server";
import { startSmtp } from "../helpers/smtp";
import { nextHour } from "../helpers/window";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new pass phrase";
const SENT = "If an account exists for that address, we sent a link to it.";
const GONE = "This reset link has expired or was already used; ask for a new one.";
const email = (tag: string) => `${tag}-${randomBase62(10).toLowerCase()}@example.com`;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let dbUrl: string;
let nextAddress = 1;
/** A client address no other request of this file used (sign-ups are counted per address). */
const fresh = () => `127.0.80.${nextAddress++}`;

const SERVER_ENV = () => ({ SMTP_URL: smtp.url, MAIL_FROM: "Sandbox Accounts <accounts@sandbox.example>", RESET_REQUESTS_PER_ADDRESS: "5", RESET_MAILS_PER_ACCOUNT: "3" });

beforeAll(async () => {
  smtp = await startSmtp();
  dbUrl = (await ownDb("recovery")).url;
  server = await startServer({ databaseUrl: dbUrl, env: SERVER_ENV() });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A new account, signed up over HTTP (on the file's server unless `at` names another); its session cookie. */
async function account(tag: string, at = server.origin) {
  const e = email(tag);
  const r = await signUpOverHttp(at, e, PASSWORD, fresh());
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return { email: e, cookie: setCookies(r).find((c) => c.includes("session-token="))! };
}

const forgot = async (e: string, from = fresh(), at = server.origin) => postForm(`${at}/forgot`, await formFields(`${at}/forgot`, from), { email: e }, from);

/** The link in a mail, or in a log. */
const linkIn = (text: string) => /(http:\/\/\S+\/reset\?token=[\w-]+)/.exec(text)?.[1];

/** Posts a new password on a reset page whose form fields were read before (the token is one of them). */
const choose = (link: string, hidden: [string, string][], password: string) => postForm(link, hidden, { password });

describe("a reset by mail", () => {
  it("mails a one-time link; following it sets the password, ends every session, and lands on sign-in; the link is refused after", async () => {
    const a = await account("mail");
    expect((await consoleCall(server.origin, a.cookie, "GET", "/apps")).status).toBe(200);

    const asked = await forgot(a.email);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(SENT);

    const mail = await smtp.next(a.email);
    expect(mail.from).toBe("Sandbox Accounts <accounts@sandbox.example>");
    expect(mail.subject).toBe("Reset your Svc Sandbox password");
    const link = linkIn(mail.text)!;
    expect(link.startsWith(`${server.origin}/reset?token=`)).toBe(true);

    const page = await requestFrom(fresh(), link);
    expect(page.text).toContain("Choose a new password");
    expect(page.text).toContain(a.email);
    const hidden = await formFields(link);
    expect((await requestFrom(fresh(), link)).text, "reading the page leaves the link usable").toContain("Choose a new password");

    const done = await choose(link, hidden, NEW_PASSWORD);
    expect([done.status, done.headers.location]).toEqual([303, "/signin?done=reset"]);
    expect((await requestFrom(fresh(), `${server.origin}/signin?done=reset`)).text).toContain("Password changed.");

    expect((await consoleCall(server.origin, a.cookie, "GET", "/apps")).status, "the session from before the reset ended").toBe(401);
    expect((await signInOverHttp(server.origin, a.email, PASSWORD, fresh())).session).toBeNull();
    expect((await signInOverHttp(server.origin, a.email, NEW_PASSWORD, fresh())).session).not.toBeNull();

    // Reused: the page says so, and a post with the same token changes nothing.
    expect((await requestFrom(fresh(), link)).text).toContain("This link no longer works");
    const again = await choose(link, hidden, "yet another pass phrase");
    expect(again.status).toBe(200);
    expect(again.text).toContain(GONE);
    expect((await signInOverHttp(server.origin, a.email, "yet another pass phrase", fresh())).session).toBeNull();
  });

  it("the mail has a text part and an HTML part, each with the link and its expiry in words (UTC, not ISO 8601)", async () => {
    const a = await account("parts");
    const before = Date.now();
    await forgot(a.email);
    const mail = await smtp.next(a.email);
    const after = Date.now();
    const link = linkIn(mail.text)!;
    expect(link.startsWith(`${server.origin}/reset?token=`)).toBe(true);
    expect(mail.html, "an HTML part").not.toBeNull();
    expect(mail.html).toContain(`href="${link}"`);
    const readable = /\b(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC)\b/;
    const expiry = readable.exec(mail.text)?.[1];
    expect(expiry, mail.text).toBeDefined();
    expect(mail.html).toContain(expiry);
    for (const part of [mail.text, mail.html!]) expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // the link lives an hour (RESET_LINK_SECONDS): the time in the mail is that, to the minute
    const at = Date.parse(expiry!.replace(",", ""));
    expect(at).toBeGreaterThanOrEqual(Math.floor((before + 3_600_000) / 60_000) * 60_000);
    expect(at).toBeLessThanOrEqual(after + 3_600_000);
  });

  it("answers alike for a known and an unknown email, and mails only the account", async () => {
    const a = await account("known");
    const unknown = email("nobody");
    const from = fresh();
    const known = await forgot(a.email, from);
    const other = await forgot(unknown, from);
    expect(other.status).toBe(known.status);
    const visible = (html: string) => /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1];
    expect(visible(other.text)).toBe(visible(known.text));
    expect(visible(known.text)).toContain(SENT);
    // Mails leave one at a time in order (lib/mail): once a later request's mail arrived, any for the unknown email would have too.
    const later = await account("later");
    await forgot(later.email);
    await smtp.next(later.email);
    expect(smtp.to(a.email)).toHaveLength(1);
    expect(smtp.to(unknown)).toHaveLength(0);
  });
});

describe("throttles, exact under parallel requests", () => {
  // Counted per clock hour: on a server of its own on a test clock, each test starts at a new hour
  // (nextHour) instead of waiting for one. The file's other server stays on the real clock: the
  // operator's link below is made by a command in a process of its own, on the real clock.
  let clocked: RunningServer;
  beforeAll(async () => {
    clocked = await startServer({ databaseUrl: (await ownDb("recovery_throttles")).url, testClock: true, env: SERVER_ENV() });
  });
  afterAll(async () => {
    await clocked?.stop();
  });

  it("per client address: of 12 requests at once, 5 are answered and 7 refused with a message", async () => {
    await nextHour(clocked.origin);
    const from = fresh();
    const hidden = await formFields(`${clocked.origin}/forgot`, from);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => postForm(`${clocked.origin}/forgot`, hidden, { email: email(`burst${i}`) }, from)));
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(replies.filter((r) => r.text.includes(SENT))).toHaveLength(5);
    expect(replies.filter((r) => /Too many reset requests from your network; try again in \d+ min\./.test(r.text))).toHaveLength(7);
  });

  it("per account: of 10 requests at once from 10 addresses, all get the same answer and 3 mails go out, over one kept connection", async () => {
    await nextHour(clocked.origin);
    const a = await account("flood", clocked.origin);
    const opened = smtp.connections();
    const hidden = await formFields(`${clocked.origin}/forgot`);
    const replies = await Promise.all(Array.from({ length: 10 }, () => postForm(`${clocked.origin}/forgot`, hidden, { email: a.email }, fresh())));
    for (const r of replies) expect(r.text).toContain(SENT);
    const later = await account("after-flood", clocked.origin);
    await forgot(later.email, fresh(), clocked.origin);
    await smtp.next(later.email);
    expect(smtp.to(a.email)).toHaveLength(3);
    // the four mails left over at most one new SMTP connection: the portal keeps it open (lib/mail)
    expect(smtp.connections() - opened).toBeLessThanOrEqual(1);
  });
});

describe("the operator's link", () => {
  /** The command in a process of its own: RESET_LINK_SECONDS is a setting of the process that makes the link. */
  async function resetLink(e: string, lifetimeS?: number) {
    const env: Record<string, string> = lifetimeS ? { RESET_LINK_SECONDS: String(lifetimeS) } : {};
    return (await cliWith(env, dbUrl, server.origin, "user", "reset-link", "--email", e)) as { email: string; resetUrl: string; expiresAt: string };
  }

  it("user reset-link prints a link valid for an hour that works like the mailed one; an expired link is refused", async () => {
    const a = await account("cli");
    const made = await resetLink(a.email.toUpperCase());
    expect(Object.keys(made)).toEqual(["email", "resetUrl", "expiresAt"]);
    expect(made.email).toBe(a.email);
    const left = Date.parse(made.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    const hidden = await formFields(made.resetUrl);

    // A link made with a 1-second lifetime: once its page says it no longer works, its post is refused too.
    const short = await resetLink(a.email, 1);
    await vi.waitFor(async () => expect((await requestFrom(fresh(), short.resetUrl)).text).toContain("This link no longer works"), { timeout: 30_000, interval: 200 });
    const token = new URL(short.resetUrl).searchParams.get("token")!;
    const expired = await choose(short.resetUrl, hidden.map(([n, v]) => [n, n === "token" ? token : v]), NEW_PASSWORD);
    expect(expired.text).toContain(GONE);
    expect((await signInOverHttp(server.origin, a.email, NEW_PASSWORD, fresh())).session).toBeNull();

    const done = await choose(made.resetUrl, hidden, NEW_PASSWORD);
    expect(done.headers.location).toBe("/signin?done=reset");
    expect((await signInOverHttp(server.origin, a.email, NEW_PASSWORD, fresh())).session).not.toBeNull();
    await expect(resetLink(email("nobody"))).rejects.toThrow(/NOT_FOUND: no user with email/);
  });
});

describe("without SMTP_URL", () => {
  it("the link is written to the server's log; it expires on the server's clock", async () => {
    const own = await startServer({ databaseUrl: (await ownDb("recovery_log")).url, testClock: true });
    try {
      const e = email("log");
      expect((await signUpOverHttp(own.origin, e, PASSWORD, fresh())).status).toBe(303);
      const from = fresh();
      const asked = await postForm(`${own.origin}/forgot`, await formFields(`${own.origin}/forgot`, from), { email: e }, from);
      expect(asked.text).toContain(SENT);
      await vi.waitFor(() => expect(own.log()).toContain(`the mail to ${e} is written here`), { timeout: 30_000, interval: 100 });
      const link = linkIn(own.log())!;
      expect(link.startsWith(`${own.origin}/reset?token=`)).toBe(true);
      expect((await requestFrom(fresh(), link)).text).toContain("Choose a new password");

      // The link's lifetime (an hour) is a rule of Next's bundles (/forgot's action, /reset's page): they read the server's clock.
      await advanceClock(own.origin, Date.now() + 3600_000 + 60_000);
      expect((await requestFrom(fresh(), link)).text).toContain("This link no longer works");
    } finally {
      await own.stop();
    }
  });
});
