// Rotating the callback signing secret from the app's page.
// The new secret shows at once, the old one keeps signing for 24 hours (shown),
// and a reload reveals the new one.
import { expect, test } from "@playwright/test";
import { seedApp, shoot, startSession } from "./helpers/console";

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

test("rotate the signing secret: a new one in the Standard Webhooks format, the old one signing for a grace period", async ({ page }) => {
  const { email, appId } = await seedApp({ name: "Rotating" });
  await startSession(page, email);
  await page.goto(`/apps/${appId}`);
  await page.getByRole("button", { name: "Reveal" }).click();
  const old = (await page.getByText(SECRET).textContent())!;

  // Cancel keeps the secret.
  await page.getByRole("button", { name: "Rotate" }).click();
  await expect(page.getByRole("dialog")).toContainText("For 24 hours the current one signs them too");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(old, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Rotate" }).click();
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByText(old, { exact: true })).toHaveCount(0);
  const fresh = page.getByText(SECRET);
  await expect(fresh).toBeVisible();
  expect(await fresh.textContent()).not.toBe(old);
  await expect(page.getByText(/The previous secret also signs until/)).toBeVisible();
  await shoot(page, "signing-secret-rotated");

  // After a reload the revealed secret is the new one, still with its grace notice.
  const current = await fresh.textContent();
  await page.reload();
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByText(current!, { exact: true })).toBeVisible();
  await expect(page.getByText(/The previous secret also signs until/)).toBeVisible();
});
