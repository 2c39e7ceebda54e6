// Account recovery in the browser: sign-in links to /forgot, which answers the
// same for any email; the link (made here by the operator command line, which
// makes the mailed link: this server has no SMTP_URL) chooses a new password,
// ends the account's other sessions and lands on sign-in. Screenshots at 1280
// and 390 px (e2e/screenshots/console-recovery-*).
import { expect, test } from "@playwright/test";
import { cli, PASSWORD, seedUser, shoot, signIn, uniqueEmail } from "./helpers/console";

const NEW_PASSWORD = "a brand new pass phrase";
const SENT = "If an account exists for that address, we sent a link to it. The link works once, within an hour.";

test("forgot password: the same answer for any email, a link that sets a new password once, every session ended", async ({ page, browser }) => {
  const email = await seedUser();
  // A session from before the reset, in another browser.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await shoot(page, "recovery-forgot");

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);
  await shoot(page, "recovery-sent");
  await page.goto("/forgot");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);

  const { resetUrl } = await cli("user", "reset-link", "--email", email);
  await page.goto(resetUrl);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("New password").fill("12345678");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Password is too common; choose another.");
  await shoot(page, "recovery-reset-error");

  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/signin\?done=reset$/);
  await expect(page.getByRole("status")).toContainText("Password changed.");
  await shoot(page, "recovery-done");

  await otherPage.goto("/apps");
  await expect(otherPage).toHaveURL(/\/signin$/); // the other browser's session ended
  await other.close();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
  await signIn(page, email, NEW_PASSWORD);

  // The link is used up.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto(resetUrl);
  await expect(again.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await again.getByRole("link", { name: "Send a new link" }).click();
  await expect(again).toHaveURL(/\/forgot$/);
  await again.goto(resetUrl);
  await shoot(again, "recovery-gone");
  await fresh.close();
});
