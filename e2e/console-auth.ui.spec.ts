// Sign up, sign in, sessions that expire, sign out, wrong
// passwords, throttling per address, operators marked by role;
// sign-out ends a copied session, weak passwords, no operator by sign-up.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUpOverHttp } from "../tests/helpers/console-http";
import { signInOverHttp } from "../tests/helpers/from-address";
import { removeDb, type RunningServer, startServer } from "../tests/helpers/server";
import { holdNextMinute } from "../tests/helpers/window";
import { cli, PASSWORD, seedApp, seedUser, shoot, signIn, signUp, uniqueEmail } from "./helpers/console";

/** The lock-out test's own portal's database (on a test clock). */
const LOCK_DB = path.join(import.meta.dirname, "..", "data", `test-e2e-lock-${process.env.E2E_PORT ?? "3210"}.db`);

test("sign up, sign out, sign in; wrong password gets one message; sessions expire in 8 hours", async ({ page, context, browser }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Read the docs →" })).toHaveAttribute("href", "/docs");
  await shoot(page, "landing");
  await page.goto("/apps");
  await expect(page).toHaveURL(/\/signin$/); // the console needs a session
  await shoot(page, "signin");

  const email = await signUp(page);
  await expect(page.getByRole("heading", { name: "Apps", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Account ${email}` })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name.includes("authjs.session-token"));
  expect(cookie, "a session cookie").toBeTruthy();
  expect(cookie!.httpOnly).toBe(true);
  const hours = (cookie!.expires * 1000 - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(7.9);
  expect(hours).toBeLessThanOrEqual(8);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/apps");
  await expect(page).toHaveURL(/\/signin$/);

  // A copy of the session cookie taken before signing out no longer works.
  const copied = await browser.newContext();
  await copied.addCookies([cookie!]);
  const copyPage = await copied.newPage();
  await copyPage.goto("/apps");
  await expect(copyPage).toHaveURL(/\/signin$/);
  await copied.close();

  // Sign-up with a taken email and another password: a sign-up message, not sign-in's, and the account is not confirmed beyond that.
  const message = "That email and password do not match an account.";
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("some other long phrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("An account cannot be made with that email. If it is yours, sign in with its password.");

  // Weak passwords are refused with the reason.
  await page.goto("/signup");
  await page.getByLabel("Email").fill(uniqueEmail("weak"));
  await page.getByLabel("Password").fill("12345678");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Password is too common; choose another.");

  // Wrong password and unknown email: the same message, no hint which was wrong.
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(message);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await shoot(page, "signin-error");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(message);

  await signIn(page, email);
  await expect(page.getByRole("link", { name: "Operator", exact: true })).toHaveCount(0);
});

test.describe("the sign-in guard", () => {
  // The guard counts in clock minutes (lib/throttle.ts): on a portal of its own on a test clock, held at the start
  // of a minute (tests/helpers/window.ts holdNextMinute), the five failures and the refusal fall in one however slow
  // the machine, and nothing waits for a minute to begin. Started before the test (its own deadline), as passkeys'.
  let own: RunningServer | undefined;
  test.beforeAll(async () => {
    removeDb(LOCK_DB);
    own = await startServer({ dbFile: LOCK_DB, testClock: true });
  });
  test.afterAll(async () => {
    await own?.stop();
    removeDb(LOCK_DB);
  });

  test("failed sign-ins from one address lock that address out of that account only", async ({ browser }) => {
    const site = own!.origin;
    const [email, other] = [uniqueEmail("lock"), uniqueEmail("other")];
    for (const e of [email, other]) expect((await signUpOverHttp(site, e, PASSWORD)).status).toBe(303);
    await holdNextMinute(site);
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // The first failure goes through the form; the other four are the request the form's sign-in makes, sent from
    // the same address (127.0.0.1).
    await page.goto(`${site}/signin`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password 0");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
    for (let i = 1; i < 5; i++) expect((await signInOverHttp(site, email, `wrong password ${i}`)).session).toBeNull();
    // Now even the right password is refused from this address for this account ...
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("form").getByRole("alert")).toContainText("Too many sign-ins for this account from your network");
    await expect(page).toHaveURL(/\/signin$/);
    // ... while another account signs in from the same address through the same form (the owner's own
    // address is counted apart: tests/integration/security.test.ts).
    await page.getByLabel("Email").fill(other);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await ctx.close();
  });
});

test("operators are made by role, never by sign-up: the --operator flag or `user operator`", async ({ browser }) => {
  const flagged = await seedApp({ operator: true });
  const a = await browser.newContext();
  const pa = await a.newPage();
  await signIn(pa, flagged.email);
  await expect(pa.getByRole("link", { name: "Operator", exact: true })).toBeVisible();
  await a.close();

  // operator@e2e.test is listed in OPERATOR_EMAILS of the e2e server (playwright.config.ts):
  // a setting that no longer makes anyone an operator.
  const b = await browser.newContext();
  const pb = await b.newPage();
  await signUp(pb, "operator@e2e.test");
  await expect(pb.getByRole("heading", { name: "Apps", exact: true })).toBeVisible();
  await expect(pb.getByRole("link", { name: "Operator", exact: true })).toHaveCount(0);
  await pb.goto("/operator");
  await expect(pb.getByRole("heading", { name: "Operator", exact: true })).toHaveCount(0);
  // An operator grants it with the command line; the role applies at once.
  await cli("user", "operator", "--email", "operator@e2e.test");
  await pb.goto("/apps");
  await expect(pb.getByRole("link", { name: "Operator", exact: true })).toBeVisible();
  await pb.getByRole("link", { name: "Operator", exact: true }).click();
  await expect(pb.getByRole("heading", { name: "Operator", exact: true })).toBeVisible();
  await b.close();
});

test("account: change the password or sign out everywhere, and every session ends", async ({ browser }) => {
  const email = await seedUser();
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pa = await a.newPage();
  const pb = await b.newPage();
  await signIn(pa, email);
  await signIn(pb, email);
  await pa.getByRole("link", { name: email }).click();
  await expect(pa.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
  await shoot(pa, "account");
  await pa.getByLabel("Current password").fill(PASSWORD);
  await pa.getByLabel("New password").fill("password");
  await pa.getByRole("button", { name: "Change password" }).click();
  await expect(pa.locator("main").getByRole("alert")).toContainText("too common");
  await pa.getByLabel("New password").fill("a brand new phrase");
  await pa.getByRole("button", { name: "Change password" }).click();
  await expect(pa).toHaveURL(/\/signin\?done=password$/);
  await expect(pa.getByRole("status")).toHaveText("Your password was changed and every session of your account ended. Sign in with the new password.");
  await pb.goto("/apps");
  await expect(pb).toHaveURL(/\/signin$/); // the other browser's session ended too
  await signIn(pb, email, "a brand new phrase");
  await pb.goto("/account");
  await pb.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(pb).toHaveURL(/\/signin\?done=signed-out$/);
  await expect(pb.getByRole("status")).toHaveText("Every session of your account ended, this one too. Sign in again.");
  await pb.goto("/apps");
  await expect(pb).toHaveURL(/\/signin$/);
  await a.close();
  await b.close();
});
