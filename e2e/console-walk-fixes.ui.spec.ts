// Three small defects a new user's walk through the console found: the Handset's empty state
// offers the docs' own curl (runs as pasted, holds a push), the usage chart's
// date labels never overlap, and the app name says its limit instead of
// silently stopping at 64 characters.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { fetchToken, seedApp, shoot, startSession } from "./helpers/console";

test.describe.configure({ timeout: 240_000 });

test("Handset, nothing held: the docs' curl, pasted into a shell with ACCESS_TOKEN set, holds a push that appears", async ({ page }) => {
  const a = await seedApp({ groups: ["Payments"], keys: true });
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/handset`);
  await expect(page.getByText("Nothing is held")).toBeVisible();
  const pre = page.locator("pre", { hasText: "X-Svc-Scenario: held" });
  const command = (await pre.textContent())!;
  expect(command).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
  expect(command).toContain('-H "X-Svc-Scenario: held"');
  expect(command).not.toContain("{...}");
  expect(command).toContain(a.inspectorUrl); // the callback goes to this app's inspector, as in the docs
  // Every line whole: no header value broken over two lines, at either width.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const lines = await pre.evaluate((el) => {
      const s = getComputedStyle(el);
      return Math.round((el.clientHeight - Number.parseFloat(s.paddingTop) - Number.parseFloat(s.paddingBottom)) / Number.parseFloat(s.lineHeight));
    });
    expect(lines).toBe(command.split("\n").length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "handset-empty");
  // As pasted: the shell runs it, the push is held and shows on the Handset.
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const out = JSON.parse(execFileSync("bash", ["-c", command], { env: { ...process.env, ACCESS_TOKEN: token }, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  expect(out.checkoutId).toMatch(/\S/);
  await expect(page.getByRole("article", { name: `Payment prompt ${out.checkoutId}` })).toBeVisible();
});

/** The x-axis labels' drawn text boxes, left to right (the dates under the bars, not those of the hover notes). */
const axisLabels = (page: Page) =>
  page.getByRole("figure").filter({ hasText: "Calls per day" }).evaluate((fig) =>
    [...fig.querySelectorAll("span")].filter((s) => /^\d{1,2} [A-Z][a-z]{2}$/.test(s.textContent ?? "") && !s.closest("[role=tooltip]")).map((s) => {
      const range = document.createRange();
      range.selectNodeContents(s);
      const r = range.getBoundingClientRect();
      return { text: s.textContent!, left: r.left, right: r.right };
    }),
  );

test("usage chart: the date labels never overlap, today's included, at 1280 and 390", async ({ page }) => {
  const a = await seedApp();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const labels = await axisLabels(page);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
    expect(labels.at(-1)!.text).toBe(today);
    for (let i = 1; i < labels.length; i++) expect(labels[i]!.left - labels[i - 1]!.right, `${labels[i - 1]!.text} | ${labels[i]!.text} at ${width}`).toBeGreaterThanOrEqual(6);
  }
});

test("app name: a counter, and past 64 characters a message, never a silent cut (create and rename)", async ({ page }) => {
  const a = await seedApp({ name: "Shop" });
  await startSession(page, a.email);
  const long = "A".repeat(70);

  await page.goto(`/apps/${a.appId}`);
  await page.getByRole("button", { name: "Rename" }).click();
  const input = page.getByRole("textbox", { name: "App name" });
  await input.fill("Shop two");
  await expect(page.getByText("8/64")).toBeVisible();
  await input.fill(long);
  await expect(input).toHaveValue(long); // not cut to 64 without a word
  await expect(page.getByText("70/64")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "too long" })).toHaveText("6 characters too long: a name has at most 64.");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(input).toBeVisible(); // not saved
  await shoot(page, "rename-too-long");
  await input.fill("Shop two");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop two");

  await page.goto("/apps");
  await page.getByRole("button", { name: /new app/i }).click();
  const name = page.getByLabel("App name");
  await expect(page.getByText("0/64")).toBeVisible();
  await name.fill(long);
  await expect(name).toHaveValue(long);
  await expect(page.getByText("70/64")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "too long" })).toHaveText("6 characters too long: a name has at most 64.");
  await shoot(page, "create-app-too-long");
});
