// Long values and row actions: at 1280 px a row's actions (Revoke, Suspend) stay
// in view with a long app name and a revoked key; at 390 px no console page is
// wider than the screen. Long values truncate, with the whole value on hover
// (title) and in a copy button. The 1280 checks photograph the rows they
// measure (test-results/); at 390 a page too wide is named with its widest elements.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, panelsLoaded, seedApp, seedUser, startSession } from "./helpers/console";

test.describe.configure({ timeout: 240_000 });

// 64 characters (the most a name may have), no space to break at.
const LONG = "Acme-East-Africa-Payments-Reconciliation-Service-Production-2026";

/** A full-page screenshot into the test's output folder (test-results/), named after the path. */
async function snap(page: Page, info: TestInfo, where: string) {
  const name = `${page.viewportSize()!.width}-${where.replace(/[^a-z0-9]+/gi, "_").slice(0, 60) || "home"}.png`;
  await page.screenshot({ path: info.outputPath(name), fullPage: true });
}

/** The page is no wider than the viewport (nothing scrolls sideways); soft, so one run lists every page that is. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scroll, client, widest } = await page.evaluate(() => {
    const d = document.documentElement;
    const vw = d.clientWidth;
    const out = [...document.body.querySelectorAll("*")]
      .filter((e) => e.getBoundingClientRect().right > vw + 1 && !e.closest("[role=region][tabindex], .overflow-x-auto, pre"))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String((e as HTMLElement).className).slice(0, 60)}`);
    return { scroll: d.scrollWidth, client: vw, widest: out };
  });
  expect.soft(scroll, `${where} is ${scroll} px wide at ${client} px: ${widest.join(" | ")}`).toBeLessThanOrEqual(client);
}

/** The app's keys page with a second key pair made and the first revoked: a revoked key beside an active one. */
async function revokedBesideActive(page: Page, a: Awaited<ReturnType<typeof seedApp>>) {
  await page.goto(`/apps/${a.appId}/keys`);
  await page.getByRole("button", { name: "Create key pair" }).click();
  await page.getByRole("button", { name: "I have saved the secret" }).first().click();
  await page.getByRole("button", { name: `Revoke ${a.keys!.consumerKey}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key pair" }).click();
  // Done when the dialog has closed and the list shows the revoke: one pair left to revoke.
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^Revoke / })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText(/Revoked/)).toBeVisible();
}

test("Revoke and Suspend stay in view at 1280 with a long name and a revoked key", async ({ browser }, info) => {
  const a = await seedApp({ name: LONG, keys: true });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await startSession(page, a.email);
  await revokedBesideActive(page, a);
  const revoke = page.getByRole("button", { name: /^Revoke / });
  await expect(revoke).toHaveCount(1);
  await expect(revoke).toBeInViewport({ ratio: 1 });
  await snap(page, info, "keys");

  const op = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  const suspend = op.getByRole("button", { name: `Suspend ${LONG}` }).first();
  await suspend.scrollIntoViewIfNeeded();
  await expect(suspend).toBeInViewport({ ratio: 1 });
  await snap(op, info, "operator");
  // the long name is cut short on screen, whole on hover
  await expect(op.locator(`[title="${LONG}"]`).first()).toBeVisible();
});

test("no console page scrolls sideways at 390", async ({ browser }) => {
  const a = await seedApp({ name: LONG, keys: true, groups: ["Payments"] });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
  expect(push.status).toBe(202);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto("/");
  await expectNoSidewaysScroll(page, "/");
  // the top bar's words keep to one line each
  const wrapped = await page.getByRole("banner").evaluate((h) => {
    const out: string[] = [];
    const walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(t);
      if (new Set([...r.getClientRects()].map((c) => Math.round(c.top))).size > 1) out.push(t.textContent ?? "");
    }
    return out;
  });
  expect.soft(wrapped, "top-bar links that wrap").toEqual([]);
  await startSession(page, a.email);
  // a revoked key beside an active one
  await revokedBesideActive(page, a);
  await expect.soft(page.getByRole("button", { name: /^Revoke / })).toBeInViewport({ ratio: 1 });

  await page.goto(`/apps/${a.appId}/callbacks`);
  await expect(page.getByRole("link", { name: "collect.push" }).first()).toBeVisible({ timeout: 30_000 });
  const delivery = await page.getByRole("link", { name: "collect.push" }).first().getAttribute("href");
  const pages = [
    "/apps", "/account",
    ...["", "/keys", "/requests", "/callbacks", "/inspector", "/testing", "/subscriptions", "/go-live", "/handset"].map((t) => `/apps/${a.appId}${t}`),
    `/apps/${a.appId}/requests/${push.requestId}`,
    `/apps/${a.appId}/resources/${push.body.checkoutId}`,
    delivery!,
  ];
  for (const p of pages) {
    await page.goto(p);
    await panelsLoaded(page);
    await expectNoSidewaysScroll(page, p);
    expect.soft(await page.title(), `${p}'s title names the portal once`).toMatch(/^(?:(?!Svc Sandbox).)*Svc Sandbox(?:(?!Svc Sandbox).)*$/);
  }
  const op = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  await panelsLoaded(op);
  await expectNoSidewaysScroll(op, "/operator");
  const suspend = op.getByRole("button", { name: `Suspend ${LONG}` }).first();
  await suspend.scrollIntoViewIfNeeded();
  await expect(suspend).toBeInViewport({ ratio: 1 });
});

test("at 390 the callbacks list fits the screen: every row's status and HTTP answer in view, a long scenario key included", async ({ browser }, info) => {
  const a = await seedApp({ keys: true, groups: ["Payments"] });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ amount: 1, callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
  expect(push.status).toBe(202);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/callbacks`);
  const table = page.getByRole("region", { name: "Callbacks" });
  await expect(table.getByText("insufficient_funds")).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText("Delivered")).toBeVisible({ timeout: 30_000 });
  await snap(page, info, "callbacks-390");
  const { scroll, client } = await table.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, "the table scrolls sideways, cutting a column").toBeLessThanOrEqual(client);
  await expect(table.getByRole("cell", { name: "200" })).toBeInViewport({ ratio: 1 });
});
