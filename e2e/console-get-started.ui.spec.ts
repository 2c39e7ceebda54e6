// The overview's Get started (what a new user's walk through the console asked for): near the top, four
// steps ticked from the app's own data (a key pair, an ACTIVE subscription, a
// 2xx call, a delivered callback), each linking to where it is done; once all
// are done it folds to one line. Desktop (1280) and phone (390).
import { expect, test, type Page } from "@playwright/test";
import { cli, collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test.describe.configure({ timeout: 240_000 });

const steps = (page: Page) => page.getByRole("list", { name: "Get started" });
const step = (page: Page, title: string) => steps(page).getByRole("listitem").filter({ hasText: title });

test("Get started: near the top, ticks itself off from the app's data, one line once all is done", async ({ page }) => {
  const a = await seedApp({ name: "Checkout" });
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}`);

  // A new app: four steps, none done, in the first screen, each linking to where it is done.
  await expect(steps(page).getByRole("listitem")).toHaveCount(4);
  await expect(steps(page).getByRole("img", { name: "not done yet" })).toHaveCount(4);
  expect((await steps(page).boundingBox())!.y).toBeLessThan(400);
  await expect(page.getByRole("progressbar", { name: "Steps done" })).toHaveAttribute("aria-valuenow", "0");
  await expect(step(page, "Create a key pair").getByRole("link")).toHaveAttribute("href", `/apps/${a.appId}/keys`);
  await expect(step(page, "Subscribe to an API").getByRole("link")).toHaveAttribute("href", `/apps/${a.appId}/subscriptions`);
  await expect(step(page, "Make a first call").getByRole("link")).toHaveAttribute("href", "/docs");
  await expect(step(page, "Receive a first callback").getByRole("link")).toHaveAttribute("href", `/apps/${a.appId}/inspector`);
  // The static list it replaces is gone.
  await expect(page.getByRole("heading", { name: "Next steps" })).toHaveCount(0);
  await shoot(page, "get-started-new");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A group under review is not a subscription yet; a key pair is.
  const keys = await cli("key", "create", "--app", a.appId);
  await cli("subscribe", "--app", a.appId, "--group", "Treasury");
  await page.reload();
  await expect(step(page, "Create a key pair").getByRole("img", { name: "done" })).toBeVisible();
  await expect(step(page, "Subscribe to an API")).toContainText("Treasury: awaiting an operator's review.");
  await expect(step(page, "Subscribe to an API").getByRole("img", { name: "not done yet" })).toBeVisible();

  // Subscribed: Try it points at the first operation the app may call.
  await cli("subscribe", "--app", a.appId, "--group", "Payments");
  await page.reload();
  await expect(step(page, "Subscribe to an API")).toContainText("Subscribed to Payments.");
  await expect(step(page, "Make a first call").getByRole("link")).toHaveAttribute("href", `/docs/collect/push?app=${a.appId}#try-it`);
  await expect(page.getByRole("progressbar", { name: "Steps done" })).toHaveAttribute("aria-valuenow", "2");

  // Try it runs as this app even when another one is newer (the docs' default) or picked before;
  // picking another app there then wins over the link's.
  const other = await seedApp({ email: a.email, name: "Newer app", groups: ["Payments"] }); // one the docs may pick on a Payments page
  await step(page, "Make a first call").getByRole("link").click();
  const picker = page.getByLabel("Pre-filled for your app");
  await expect(picker).toHaveValue(a.appId);
  await picker.selectOption(other.appId);
  await expect(page).not.toHaveURL(/[?&]app=/);
  await expect(picker).toHaveValue(other.appId);
  await page.goto(`/apps/${a.appId}`);
  await step(page, "Make a first call").getByRole("link").click();
  await expect(picker).toHaveValue(a.appId);
  await page.goto(`/apps/${a.appId}`);

  // A call and its callback (to the inspector): all four done, folded to one line.
  const token = (await fetchToken(keys.consumerKey, keys.consumerSecret)).body.access_token!;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "X-Svc-Time-Scale": "0" });
  expect(push.status).toBe(202);
  const line = page.locator("details", { hasText: "All four steps done" });
  await expect(async () => {
    await page.reload();
    await expect(line).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(steps(page)).toBeHidden();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect((await line.boundingBox())!.height, `one line at ${width}`).toBeLessThan(52);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "get-started-done");
  // It opens on a click, every step ticked.
  await line.getByText("Show steps").click();
  await expect(steps(page).getByRole("img", { name: "done" })).toHaveCount(4);
});
