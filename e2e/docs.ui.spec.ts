// The public API reference in a real browser: the try-it panel on Collect push,
// and screenshots of the docs at desktop and phone widths (e2e/screenshots/).
import { expect, test, type Page } from "@playwright/test";

async function send(page: Page, scenario: string) {
  await page.getByLabel("Scenario (X-Svc-Scenario header)").selectOption(scenario);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

test("try-it on Collect push shows the scripted answer and the callback it would post", async ({ page }) => {
  await page.goto("/docs/collect/push");
  await expect(page.getByRole("heading", { name: "Send a payment prompt" })).toBeVisible();
  // The form is prefilled with the schema's example.
  await expect(page.getByLabel("shortCode")).toHaveValue("174379");

  await send(page, "insufficient_funds");
  const result = page.getByTestId("try-result");
  await expect(page.getByTestId("try-status")).toHaveText("202");
  await expect(result).toContainText("x-svc-scenario");
  await expect(result).toContainText("insufficient_funds");
  await expect(result).toContainText("120 ms");
  const callback = page.getByTestId("try-callback");
  await expect(callback).toContainText('"resultCode": 1001');
  await expect(callback).toContainText("3.0 s");

  await send(page, "invalid_phone");
  await expect(page.getByTestId("try-status")).toHaveText("400");
  await expect(result).toContainText('"error": "INVALID_PHONE_NUMBER"');
  await expect(callback).toContainText("No callback");
});

test("a field error answers as the gateway would, before any scenario", async ({ page }) => {
  await page.goto("/docs/collect/push");
  await page.getByLabel("amount").fill("12.5");
  await send(page, "");
  await expect(page.getByTestId("try-status")).toHaveText("400");
  await expect(page.getByTestId("try-result")).toContainText("amount must be an integer of at least 1");
  await expect(page.getByTestId("try-result")).toContainText("stopped before a scenario");
});

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of widths) {
  test(`screenshots at ${name} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/docs-index-${name}.png`, fullPage: true });
    await page.goto("/docs/collect/push");
    await send(page, "insufficient_funds");
    await expect(page.getByTestId("try-status")).toHaveText("202");
    await page.evaluate(() => window.scrollTo(0, 0)); // sticky header and sidebar at the top of the full-page shot
    await page.screenshot({ path: `e2e/screenshots/docs-collect-push-${name}.png`, fullPage: true });
    // Nothing may overflow the page sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("the docs sidebar marks the page the reader is on, and only that one", async ({ page }) => {
  for (const path of ["/docs/collect/push", "/docs/dev/settings", "/docs/errors"]) {
    await page.goto(path);
    const current = page.getByRole("navigation", { name: "Docs" }).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("href", path);
  }
});
