// Two-step sign-in in the browser (issue 45 item 2): set up from the Account
// page (the QR code and the key as text), confirm with a code computed here
// with otpauth as an authenticator app would, the recovery codes shown once;
// then the sign-in form asks for a code after the password, refuses a wrong
// one, accepts the app's code and, in another browser, a recovery code; turned
// off with a recovery code. axe clean at 1280 and 390 px; photographed with
// E2E_SCREENSHOTS=1 (e2e/screenshots/console-two-step-*).
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { seriousViolations } from "./helpers/axe";
import { PASSWORD, seedUser, shoot, startSession } from "./helpers/console";

/** The code an authenticator app shows `steps` steps from now (the portal takes ±1 step; a step past the last accepted one is new). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function passwordStep(page: Page, email: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("two-step sign-in on: enter the 6-digit code");
}

test("two-step sign-in: set up with the QR code and key, recovery codes once, a code after the password, off with a recovery code", async ({ page, browser }) => {
  const email = await seedUser();
  await startSession(page, email);
  await page.goto("/account");
  await expect(page.getByText(/^Off\. With it on, signing in asks for a 6-digit code/)).toBeVisible();

  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code of the set-up key/ })).toBeVisible();
  const secret = (await page.locator("code").filter({ hasText: /^[A-Z2-7 ]{20,}$/ }).first().textContent() ?? "").replaceAll(" ", "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await axeClean(page, "account: two-step set-up");
  await shoot(page, "two-step-setup");

  await page.getByLabel("Code from the app").fill(codeOf(secret, 3));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "code is not right" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(codeOf(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Recovery codes" })).toBeVisible();
  const recoveryCodes = await page.getByRole("listitem").filter({ hasText: /^[a-z2-9]{5}-[a-z2-9]{5}$/ }).allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await axeClean(page, "account: recovery codes");
  await shoot(page, "two-step-recovery-codes");
  await page.getByRole("button", { name: "I have saved the recovery codes" }).click();
  await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
  await shoot(page, "two-step-on");

  // Signing in: the password, then the code.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const signInPage = await other.newPage();
  await passwordStep(signInPage, email);
  await expect(signInPage.getByLabel("Code")).toBeFocused();
  await axeClean(signInPage, "sign-in: code asked");
  await shoot(signInPage, "two-step-signin-code");
  await signInPage.getByLabel("Code").fill("000000" === codeOf(secret, 1) ? "111111" : "000000");
  await signInPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(signInPage.locator("form").getByRole("alert")).toContainText("That code is not right, or was used already.");
  // The confirming code's step is taken: the next step's code is new, and within ±1 step of now.
  await signInPage.getByLabel("Code").fill(codeOf(secret, 1));
  await signInPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(signInPage).toHaveURL(/\/apps$/);
  await other.close();

  // A recovery code, in another browser.
  const third = await browser.newContext();
  const recoveryPage = await third.newPage();
  await passwordStep(recoveryPage, email);
  await recoveryPage.getByLabel("Code").fill(recoveryCodes[0]!);
  await recoveryPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(recoveryPage).toHaveURL(/\/apps$/);
  await third.close();

  // Off with another recovery code.
  await page.reload();
  await expect(page.getByText("9 of 10 recovery codes left")).toBeVisible();
  await page.getByLabel("Code or recovery code").fill(recoveryCodes[1]!);
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("button", { name: "Set up two-step sign-in" })).toBeVisible();
});
