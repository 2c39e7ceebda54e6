// "Receive callbacks on localhost": the app's page shows the listen command with
// this portal's address and links the download and the guide (/docs/listen).
import { expect, test } from "@playwright/test";
import { origin, seedApp, shoot, signIn } from "./helpers/console";

test("the app's page shows the listen command; the guide explains it", async ({ page }) => {
  const { email, appId } = seedApp({ name: "Listen app" });
  await signIn(page, email);
  await page.goto(`/apps/${appId}`);
  await expect(page.getByRole("heading", { name: "Receive callbacks on localhost" })).toBeVisible();
  const card = page.locator("pre").filter({ hasText: "node sandbox.mjs listen" });
  await expect(card).toContainText(`curl -fsSO ${origin}/cli/sandbox.mjs`);
  await expect(card).toContainText(`SANDBOX_URL=${origin} SANDBOX_KEY=<consumer key>`);
  await expect(card).toContainText("node sandbox.mjs listen --forward-to http://localhost:8080/callbacks");
  await expect(page.getByRole("link", { name: "Download sandbox.mjs" })).toHaveAttribute("href", "/cli/sandbox.mjs");
  await shoot(page, "app-listen");

  await page.getByRole("link", { name: "How it works" }).click();
  await expect(page).toHaveURL(/\/docs\/listen$/);
  await expect(page.getByRole("heading", { name: "Callbacks on localhost", level: 1 })).toBeVisible();
  await expect(page.locator("pre").filter({ hasText: `curl -fsSO ${origin}/cli/sandbox.mjs` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Callbacks on localhost" }).first()).toHaveAttribute("href", "/docs/listen");
  await shoot(page, "docs-listen");
});
