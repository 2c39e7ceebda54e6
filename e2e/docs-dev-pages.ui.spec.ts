// The developer API's reference split like Stripe's by resource: /docs/dev is a
// short overview listing the groups (the catalog's), each group a page of its
// own short enough to scan, with its endpoints and "On this page"; links to the
// one-page anchors and the search land on the right page. Screenshots go to
// SHOTS_DIR (default e2e/screenshots/).
import { expect, test, type Page } from "@playwright/test";
import { openSearch } from "./helpers/docs";

const SHOTS = process.env.SHOTS_DIR ?? "e2e/screenshots";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MAX_HEIGHT = 8_000;

type Group = { title: string; href: string; endpoints: { path: string; href: string }[] };

/** The groups as the overview lists them, each with its endpoints' links. */
async function groups(page: Page): Promise<Group[]> {
  await page.goto("/docs/dev");
  const endpoints = page.getByRole("region", { name: /.+/ }).filter({ has: page.locator("h3[id^=group-]") });
  const out: Group[] = [];
  for (const box of await endpoints.all()) {
    const title = (await box.locator("h3 a").textContent())!.trim();
    const href = (await box.locator("h3 a").getAttribute("href"))!;
    const links = box.getByRole("list").getByRole("link");
    const eps = await links.evaluateAll((as) => as.map((a) => ({ path: a.textContent!.trim(), href: a.getAttribute("href")! })));
    out.push({ title, href, endpoints: eps });
  }
  return out;
}

test("/docs/dev is a short overview; every developer endpoint is on one group page", async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const found = await groups(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(4_000);
  for (const h of ["Base URL and authentication", "Errors", "Endpoints"]) await expect(page.getByRole("heading", { level: 2, name: h })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/docs-dev-overview-desktop.png`, fullPage: true });

  const index = (await (await request.get("/docs/search.json")).json()) as { kind: string; href: string; code?: string }[];
  const devEndpoints = index.filter((e) => e.kind === "endpoint");
  expect(found.map((g) => g.href)).toEqual(expect.arrayContaining(["/docs/dev/settings", "/docs/dev/callbacks", "/docs/dev/listen", "/docs/dev/resources", "/docs/dev/go-live", "/docs/dev/sandboxes"]));
  // The overview lists each endpoint once, under its group, linked where the search sends it.
  expect(found.flatMap((g) => g.endpoints.map((e) => e.href)).sort()).toEqual(devEndpoints.map((e) => e.href).sort());
  for (const g of found) for (const e of g.endpoints) expect(e.href.startsWith(`${g.href}#`), e.href).toBe(true);

  // The sidebar has every group page.
  const side = page.getByRole("list", { name: "Developer API pages" }).last();
  for (const g of found) await expect(side.getByRole("link", { name: g.title, exact: true })).toHaveAttribute("href", g.href);
});

test("each group page is under 8,000 px at 1280, has its group's endpoints and a working 'On this page'", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const found = await groups(page);
  for (const g of found) {
    await page.goto(g.href);
    await expect(page.getByRole("heading", { level: 1, name: g.title })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${g.href} is ${height} px`).toBeLessThan(MAX_HEIGHT);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toBeVisible();
    for (const e of g.endpoints) {
      const id = e.href.split("#")[1]!;
      await expect(page.locator(`h2#${id}`), `${g.href} has ${e.path}`).toBeVisible();
      await expect(page.locator("section", { has: page.locator(`h2#${id}`) }).getByText(e.path).first()).toBeVisible();
      await expect(toc.locator(`a[href="#${id}"]`)).toBeVisible();
    }
    // Its last entry jumps to its heading, and is marked as where the reader is.
    const last = toc.getByRole("link").last();
    const href = (await last.getAttribute("href"))!;
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${g.href}${href}$`));
    await expect(page.locator(href)).toBeInViewport();
    await expect(last).toHaveAttribute("aria-current", "location");
  }
  await page.goto("/docs/dev/go-live");
  await page.screenshot({ path: `${SHOTS}/docs-dev-group-desktop.png` });
});

test("at 390 px the group pages have nothing sideways and the top 'On this page' jumps", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const found = await groups(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const g of found) {
    await page.goto(g.href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), g.href).toBeLessThanOrEqual(390);
  }
  await page.goto("/docs/dev/settings");
  await page.locator("summary", { hasText: "On this page" }).click();
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Time scale" }).click();
  await expect(page.locator("#time-scale")).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/docs-dev-group-phone-top.png` });
});

test("a link to an anchor of the one-page /docs/dev lands on the endpoint's page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  for (const [old, now] of [["dev-signatures-explain", "/docs/dev/go-live"], ["dev-test_numbers-add", "/docs/dev/test-numbers"], ["time-scale", "/docs/dev/settings"]]) {
    await page.goto(`/docs/dev#${old}`);
    await expect(page).toHaveURL(new RegExp(`${now}#${old}$`));
    await expect(page.locator(`#${old}`)).toBeInViewport();
  }
  // The guides link to the new pages.
  await page.goto("/docs/callbacks");
  await page.getByRole("link", { name: "explain endpoint" }).click();
  await expect(page).toHaveURL(/\/docs\/dev\/go-live#dev-signatures-explain$/);
  await expect(page.locator("#dev-signatures-explain")).toBeInViewport();
});

test("searching a developer endpoint opens its group page at its section", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/dev");
  const dialog = await openSearch(page);
  const input = dialog.getByRole("combobox");
  await input.fill("/dev/v1/callbacks/wait");
  await expect(dialog.getByRole("option").first()).toContainText("Wait for a callback");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/docs\/dev\/callbacks#dev-callbacks-wait$/);
  await expect(page.locator("#dev-callbacks-wait")).toBeInViewport();
  await expect(page.getByRole("heading", { level: 1, name: "Waiting for and replaying callbacks" })).toBeVisible();
});
