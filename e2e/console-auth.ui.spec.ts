// Issue 4, item 1: sign up, sign in, sessions that expire, sign out, wrong
// passwords, throttling per address, operators marked by role.
import { expect, test } from "@playwright/test";
import { PASSWORD, seedApp, shoot, signIn, signUp, uniqueEmail } from "./helpers/console";

test("sign up, sign out, sign in; wrong password gets one message; sessions expire in 8 hours", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Read the docs →" })).toHaveAttribute("href", "/docs");
  await shoot(page, "landing");
  await page.goto("/apps");
  await expect(page).toHaveURL(/\/signin$/); // the console needs a session
  await shoot(page, "signin");

  const email = await signUp(page);
  await expect(page.getByRole("heading", { name: "Apps", exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

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

  // The same email again cannot sign up.
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("An account with this email already exists.");

  // Wrong password and unknown email: the same message, no hint which was wrong.
  const message = "That email and password do not match an account.";
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(message);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await shoot(page, "signin-error");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(message);

  await signIn(page, email);
  await expect(page.getByRole("link", { name: "Operator", exact: true })).toHaveCount(0);
});

test("failed sign-ins from one address are throttled, other addresses are not", async ({ browser }) => {
  const { email } = seedApp();
  // The address is the one the server sees (x-forwarded-for); a documentation-range value keeps this test's count apart.
  const ctx = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.7" } });
  const page = await ctx.newPage();
  await page.goto("/signin");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    // Each answer is awaited: the message alone would already show from the attempt before.
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/signin"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await answered;
    await expect(page.getByLabel("Password")).toHaveValue(""); // the form was reset: the answer is in
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
  }
  // Now even the right password is refused from this address ...
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Too many failed sign-ins");
  await expect(page).toHaveURL(/\/signin$/);
  await ctx.close();
  // ... while another address signs in.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.8" } });
  await signIn(await other.newPage(), email);
  await other.close();
});

test("operators are marked by role: the --operator flag or OPERATOR_EMAILS", async ({ browser }) => {
  const flagged = seedApp({ operator: true });
  const a = await browser.newContext();
  const pa = await a.newPage();
  await signIn(pa, flagged.email);
  await expect(pa.getByRole("link", { name: "Operator", exact: true })).toBeVisible();
  await a.close();

  // operator@e2e.test is listed in OPERATOR_EMAILS of the e2e server (playwright.config.ts).
  const b = await browser.newContext();
  const pb = await b.newPage();
  await signUp(pb, "operator@e2e.test");
  await expect(pb.getByRole("link", { name: "Operator", exact: true })).toBeVisible();
  await pb.getByRole("link", { name: "Operator", exact: true }).click();
  await expect(pb.getByRole("heading", { name: "Operator" })).toBeVisible();
  await b.close();
});
