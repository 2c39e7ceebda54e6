// The API reference laid out like a product's: an operation page's sticky side
// panel (sample, answer, try it) beside the reference, the scenario table
// driving it, the docs search (⌘K / Ctrl-K) and "On this page". Screenshots go
// to SHOTS_DIR (default e2e/screenshots/).
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { openSearch } from "./helpers/docs";

const SHOTS = process.env.SHOTS_DIR ?? "e2e/screenshots";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const panel = (page: Page) => page.getByRole("complementary", { name: "Request, response and try it" });

test("at 1280×800 Try it is in the first screen and stays in view down to the scenarios", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/collect/push");
  const tryIt = panel(page).getByRole("button", { name: "Try it", exact: true });
  const first = await tryIt.boundingBox();
  expect(first).not.toBeNull();
  expect(first!.y + first!.height).toBeLessThan(800);
  // The reference and the panel sit side by side.
  const reference = await page.getByRole("heading", { name: "Request", exact: true }).boundingBox();
  const side = await panel(page).boundingBox();
  expect(side!.x).toBeGreaterThan(reference!.x + 300);

  await page.getByRole("list", { name: "Scenarios" }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  const after = await tryIt.boundingBox();
  expect(after!.y).toBeGreaterThanOrEqual(0);
  expect(after!.y + after!.height).toBeLessThan(800);
  await expect(tryIt).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/docs-reference-scrolled-desktop.png` });
});

test("every operation page has its panel, with Try it, in the first screen at 1280×800", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs");
  const hrefs = await page.getByRole("navigation", { name: "Docs" }).last().locator('a[href^="/docs/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!).filter((h) => h.split("/").length === 4 && !h.startsWith("/docs/dev/"))); // the developer API's pages have no panel
  expect(hrefs.length).toBeGreaterThan(6);
  for (const href of hrefs) {
    await page.goto(href);
    const box = await panel(page).getByRole("button", { name: "Try it", exact: true }).boundingBox();
    expect(box, href).not.toBeNull();
    expect(box!.y + box!.height, href).toBeLessThan(800);
  }
  await page.goto("/docs/collect/status");
  await page.screenshot({ path: `${SHOTS}/docs-reference-get-desktop.png` });
});

test("picking a scenario in the table sets the panel's sample, answer and try-it scenario; Try it sends it", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/collect/push");
  const response = panel(page).getByTestId("panel-response");
  await expect(response).toContainText("202");
  await expect(response).not.toContainText("INVALID_PHONE_NUMBER");

  const table = page.getByRole("list", { name: "Scenarios" });
  await table.getByRole("button", { name: "invalid_phone" }).click();
  await expect(table.getByRole("button", { name: "invalid_phone" })).toHaveAttribute("aria-pressed", "true");
  await expect(response).toContainText("400");
  await expect(response).toContainText('"error": "INVALID_PHONE_NUMBER"');
  await expect(panel(page).getByTestId("panel-request")).toContainText("X-Svc-Scenario: invalid_phone");
  await expect(page.getByLabel("Scenario (X-Svc-Scenario header)")).toHaveValue("invalid_phone");
  await expect(panel(page).getByLabel("Scenario", { exact: true })).toHaveValue("invalid_phone");

  await table.getByRole("button", { name: "cancelled" }).click();
  await expect(response).toContainText("202");
  await expect(response).toContainText("Callback after");
  await expect(page.getByLabel("Scenario (X-Svc-Scenario header)")).toHaveValue("cancelled");
  await panel(page).getByRole("button", { name: "Try it", exact: true }).click();
  await expect(page.getByTestId("try-status")).toHaveText("202");
  await expect(page.getByTestId("try-callback")).toContainText('"resultCode": 1032');
  await expect(page.getByTestId("try-result")).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/docs-reference-tried-desktop.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/docs-reference-desktop.png` });
  await page.screenshot({ path: `${SHOTS}/docs-reference-desktop-full.png`, fullPage: true });
});

test("at 390 px the operation page is one column with nothing sideways", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of ["/docs/collect/push", "/docs/payouts/send", "/docs/dev", "/docs/dev/go-live", "/docs/callbacks"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await page.goto("/docs/collect/push");
  await page.screenshot({ path: `${SHOTS}/docs-reference-phone.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/docs-reference-phone-top.png` });
  await panel(page).getByTestId("panel-response").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/docs-reference-phone-panel.png` });
  await page.getByRole("list", { name: "Scenarios" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/docs-reference-phone-scenarios.png` });
  // Picking a scenario below the panel brings the panel's answer into view.
  await page.getByRole("list", { name: "Scenarios" }).getByRole("button", { name: "invalid_phone" }).click();
  await expect(panel(page).getByTestId("panel-response")).toContainText("INVALID_PHONE_NUMBER");
  await expect(panel(page).getByTestId("panel-response")).toBeInViewport();
});

for (const key of ["Control+k", "Meta+k"]) {
  test(`${key} opens the search; 1032 finds the cancelled scenario and Enter lands on its row`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/docs/authentication");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const dialog = await openSearch(page, key);
    const input = dialog.getByRole("combobox");
    await expect(input).toBeFocused();
    await input.fill("1032");
    const first = dialog.getByRole("option").first();
    await expect(first).toContainText("resultCode 1032");
    await expect(first).toContainText("cancelled");
    await expect(first).toHaveAttribute("aria-selected", "true");
    if (key === "Control+k") await page.screenshot({ path: `${SHOTS}/docs-search-desktop.png` });
    await input.press("Enter");
    await expect(page).toHaveURL(/\/docs\/collect\/push#scenario-cancelled$/);
    await expect(dialog).toBeHidden();
    await expect(page.locator("#scenario-cancelled")).toBeInViewport();
    // Landing on a scenario's row chooses it for the panel, as a click on it would.
    const scenarios = page.getByRole("list", { name: "Scenarios" });
    await expect(scenarios.getByRole("button", { name: "cancelled", pressed: true })).toBeVisible();
    await expect(panel(page).getByTestId("panel-response")).toContainText("1032");
    if (key !== "Control+k") return;
    // From the same page too: another scenario found by the search is chosen.
    await openSearch(page, key);
    await dialog.getByRole("combobox").fill("invalid_phone");
    await expect(dialog.getByRole("option").first()).toContainText("invalid_phone");
    await dialog.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/docs\/collect\/push#scenario-invalid_phone$/);
    await expect(scenarios.getByRole("button", { name: "invalid_phone", pressed: true })).toBeVisible();
    await expect(panel(page).getByTestId("panel-response")).toContainText("INVALID_PHONE_NUMBER");
  });
}

test("the search box opens the dialog; arrows move, Escape closes, and every kind is found", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/docs");
  await page.getByRole("button", { name: /Search the docs/ }).click();
  const dialog = page.getByRole("dialog", { name: "Search the docs" });
  const input = dialog.getByRole("combobox");
  await input.fill("VALIDATION_ERROR");
  await expect(dialog.getByRole("option").first()).toContainText("VALIDATION_ERROR");
  await input.fill("callbackUrl");
  await expect(dialog.getByRole("option").first()).toContainText("callbackUrl");
  // A word names the API and its operations before the fields that start with it.
  await input.fill("payout");
  await expect(dialog.getByRole("option").first()).toContainText("Payouts API");
  await expect(dialog.getByRole("option").nth(1)).toContainText("Send a payout");
  await input.fill("deduplicate");
  await expect(dialog.getByRole("option").first()).toContainText("At-least-once");
  await input.fill("cancel");
  const options = dialog.getByRole("option");
  await expect(options.nth(1)).toBeVisible();
  await input.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await input.press("ArrowUp");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${SHOTS}/docs-search-phone.png` });
  expect(await seriousViolations(page, "the search at phone width")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a developer API page has 'On this page' whose links jump to the headings", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/dev/go-live");
  const toc = page.getByRole("navigation", { name: "On this page" });
  await expect(toc).toBeVisible();
  await expect(toc.getByRole("link", { name: "Explain a signature check" })).toBeVisible();
  const links = toc.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: `${SHOTS}/docs-dev-desktop.png` });
  const last = links.nth(4);
  const href = (await last.getAttribute("href"))!;
  await last.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const target = page.locator(href);
  await expect(target).toBeInViewport();
  expect((await target.boundingBox())!.y).toBeLessThan(200);
  await expect(last).toHaveAttribute("aria-current", "location");

  await page.setViewportSize(PHONE);
  await page.goto("/docs/dev/settings");
  await page.locator("summary", { hasText: "On this page" }).click();
  const top = page.getByRole("navigation", { name: "On this page" });
  await top.getByRole("link", { name: "Time scale" }).click();
  await expect(page.locator("#time-scale")).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/docs-dev-phone.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/docs-dev-phone-top.png` });
});

// The docs pages themselves pass axe in a11y.ui.spec.ts (every page, both widths); here the open search.
test("the search dialog with results passes axe", async ({ page }) => {
  await page.goto("/docs/collect/push");
  await (await openSearch(page)).getByRole("combobox").fill("1032");
  await expect(page.getByRole("option").first()).toBeVisible();
  const problems = await seriousViolations(page, "the search with results");
  expect(problems, problems.join("\n")).toEqual([]);
});
