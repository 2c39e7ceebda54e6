// Verified email and the account's Security page in the browser (issue 45 items
// 1 and 5), on a portal of this spec's own started with REQUIRE_EMAIL_VERIFICATION=1
// and SMTP_URL pointing at a real SMTP server in this process
// (tests/helpers/smtp.ts): sign-up through the form, the banner and its "Send
// the link again", the link read from the mail that arrived, its page's button,
// the banner gone; then /account/security: both sessions listed, the other one
// signed out (its browser is sent to sign-in), the account's activity. axe
// clean at 1280 and 390 px; photographed with E2E_SCREENSHOTS=1
// (e2e/screenshots/console-verify-*, console-security-*).
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signInOverHttp } from "../tests/helpers/from-address";
import { type RunningServer, removeDb, startServer } from "../tests/helpers/server";
import { startSmtp } from "../tests/helpers/smtp";
import { seriousViolations } from "./helpers/axe";
import { PASSWORD, panelsLoaded, shoot, uniqueEmail } from "./helpers/console";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
const dbFile = path.resolve(import.meta.dirname, "..", "data", `e2e-verify-${process.pid}.db`);

test.beforeAll(async () => {
  smtp = await startSmtp();
  removeDb(dbFile);
  server = await startServer({ dbFile, env: { REQUIRE_EMAIL_VERIFICATION: "1", SMTP_URL: smtp.url } });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  removeDb(dbFile);
});

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const linkIn = (text: string) => /(http:\/\/\S+\/verify-email\/[\w-]+)/.exec(text)?.[1];

test("sign-up, verified by the mailed link; the Security page lists the sessions and signs the other out", async ({ page, browser }) => {
  const email = uniqueEmail("verify");
  await page.goto(`${server.origin}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/apps$/);

  // The banner says why nothing can be changed, and sends the link again.
  const banner = page.getByRole("region", { name: "Email not verified" });
  await expect(banner).toContainText("Verify your email to make changes.");
  await expect(banner).toContainText(email);
  await panelsLoaded(page);
  await axeClean(page, "apps: email not verified");
  await shoot(page, "verify-banner");
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("status")).toHaveText("Sent: check your inbox for a new link.");
  await expect.poll(() => smtp.to(email).length, { timeout: 30_000 }).toBe(2);

  // The newest mail's link: its page, then its button.
  const link = linkIn(smtp.to(email).at(-1)!.text)!;
  expect(link.startsWith(`${server.origin}/verify-email/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await axeClean(page, "verify-email page");
  await shoot(page, "verify-link");
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await shoot(page, "verify-done");
  // Used, the link says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

  await page.getByRole("link", { name: "Go to the console" }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await panelsLoaded(page);
  await expect(page.getByRole("region", { name: "Email not verified" })).toHaveCount(0);

  // A second session, in another browser.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const s = await signInOverHttp(server.origin, email, PASSWORD, "127.0.0.1");
  const eq = s.session!.indexOf("=");
  await other.addCookies([{ name: s.session!.slice(0, eq), value: s.session!.slice(eq + 1), url: server.origin, httpOnly: true, sameSite: "Lax" }]);
  await otherPage.goto(`${server.origin}/apps`);
  await expect(otherPage).toHaveURL(/\/apps$/);

  // From the Account page to Security.
  await page.goto(`${server.origin}/account`);
  await expect(page.getByLabel("New email")).toBeVisible();
  await shoot(page, "account-email");
  await page.getByRole("link", { name: "Security: sessions and recent activity" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await panelsLoaded(page);
  const sessions = page.getByRole("table", { name: "Sessions" });
  await expect(sessions.locator("tbody tr")).toHaveCount(2);
  await expect(sessions.getByText("This session")).toBeVisible();
  await expect(sessions.getByText("Chrome on Linux").first()).toBeVisible();
  await expect(page.getByText("A password alone signs in to this account.")).toBeVisible();
  const activity = page.getByRole("table", { name: "Account activity" });
  await expect(activity.getByText("Email verified")).toBeVisible();
  await expect(activity.getByText("Signed in").first()).toBeVisible();
  await axeClean(page, "account security");
  await shoot(page, "security");

  await sessions.getByRole("button", { name: "Sign out" }).click();
  await expect(sessions.locator("tbody tr")).toHaveCount(1);
  await otherPage.goto(`${server.origin}/apps`);
  await expect(otherPage).toHaveURL(/\/signin$/);
  await other.close();
});
