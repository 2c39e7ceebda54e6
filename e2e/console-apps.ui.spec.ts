// Create an app, see its id, inspector address (copy),
// signing secret (hidden until revealed), edit the default callback URL, delete.
import { expect, test } from "@playwright/test";
import { origin, seedApp, seedUser, shoot, startSession } from "./helpers/console";

test("create an app, copy its inspector address, reveal its secret, edit its callback URL, delete it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const { email } = await seedApp({ name: "Older app" });
  await startSession(page, email);
  await page.goto("/apps");
  await expect(page.getByRole("link", { name: /Older app/ })).toBeVisible();

  await page.getByRole("button", { name: "New app" }).click();
  await page.getByLabel("App name").fill("");
  await page.getByLabel("Default callback URL (optional)").fill("ftp://nope");
  await page.getByRole("button", { name: "Create app" }).click();
  await expect(page).toHaveURL(/\/apps$/); // the browser's own checks keep the form here
  await page.getByLabel("App name").fill("Checkout");
  await page.getByLabel("Default callback URL (optional)").fill("https://shop.example.com/cb");
  await page.getByRole("button", { name: "Create app" }).click();
  await expect(page).toHaveURL(/\/apps\/app_[A-Za-z0-9]+$/);
  const appId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();

  // Id and inspector address, with copy buttons that put the exact text on the clipboard.
  await expect(page.getByText(appId, { exact: true })).toBeVisible();
  const inspector = `${origin}/inspect/${appId}`;
  await expect(page.getByText(inspector, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Copy inspector address" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inspector);

  // The signing secret is hidden until revealed.
  await expect(page.getByText(/whsec_[A-Za-z0-9_-]{20,}/)).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal" }).click();
  const secret = page.getByText(/^whsec_[A-Za-z0-9+/=_-]{40,}$/);
  await expect(secret).toBeVisible();
  await shoot(page, "app-overview");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(secret).toHaveCount(0);

  // Edit the default callback URL: a bad one is refused with the rule, a good one kept.
  const field = page.getByLabel("Default callback URL");
  await expect(field).toHaveValue("https://shop.example.com/cb");
  await field.fill("not a url");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toHaveCount(0);
  await field.fill("https://shop.example.com/callbacks/v2");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Default callback URL")).toHaveValue("https://shop.example.com/callbacks/v2");

  // The server refuses a bad URL too (not only the browser).
  const bad = await page.request.patch(`/api/console/apps/${appId}`, { data: { callbackUrl: "ftp://files.example.com" }, headers: { origin } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe("VALIDATION_ERROR");

  // Delete, after a confirmation (Cancel first keeps it).
  await page.getByRole("button", { name: "Delete app" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("button", { name: "Delete app" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete app" }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole("link", { name: /Checkout/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Older app/ })).toBeVisible();
  await shoot(page, "apps");
  expect((await page.request.get(`/api/console/apps/${appId}`)).status()).toBe(404);
});

test("a user without apps is shown how to start", async ({ page }) => {
  const email = await seedUser();
  await startSession(page, email);
  await page.goto("/apps");
  await expect(page.getByRole("heading", { name: "Create your first app" })).toBeVisible();
  await expect(page.getByText("No apps yet")).toBeVisible();
  await shoot(page, "apps-empty");
});
