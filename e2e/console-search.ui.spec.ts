// The console's one search (⌘K / Ctrl-K and the top bar's button): a reference,
// a request id and a phone number lead to their pages; arrows, Enter, Escape,
// and the focus goes back. The callbacks list's search and totals. At 1280 and
// 390 px, with screenshots.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startReceiver } from "../tests/helpers/receiver";
import { collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

const SHOTS = path.resolve(import.meta.dirname, "screenshots");
const PHONE = { width: 390, height: 844 };
const instant = { "X-Svc-Time-Scale": "0" };

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Search the console" });

test("Ctrl-K and ⌘K find a reference, a request id and a phone number across the user's apps; arrows, Enter, Escape, focus back", async ({ page }) => {
  const { email, appId, keys, inspectorUrl } = await seedApp({ name: "Checkout service", groups: ["Payments"], keys: true });
  const other = await seedApp({ email, name: "Payouts worker", groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const otherToken = (await fetchToken(other.keys!.consumerKey, other.keys!.consumerSecret)).body.access_token!;
  const phone = `2547${Date.now() % 100_000_000}`.padEnd(12, "0");
  const ref = `INV-${Date.now().toString(36)}`;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ reference: ref, phoneNumber: phone, callbackUrl: inspectorUrl }), instant);
  const second = await gatewayCall(otherToken, "POST", "/collect/v1/push", collectBody({ reference: `${ref}-2`, phoneNumber: phone, callbackUrl: other.inspectorUrl }), instant);
  expect([push.status, second.status]).toEqual([202, 202]);

  await startSession(page, email);
  await page.goto(`/apps/${appId}`);
  const dialog = dialogOf(page);
  const input = dialog.getByRole("combobox");

  // Ctrl-K from a focused link: the dialog, then Escape puts the focus back on the link.
  const docsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" });
  await docsLink.focus();
  await page.keyboard.press("Control+k");
  await expect(dialog).toBeVisible();
  await expect(input).toBeFocused();
  await expect(dialog.getByRole("status")).toContainText("a reference or a phone number");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(docsLink).toBeFocused();

  // A reference: its resource, in its app.
  await page.keyboard.press("Control+k");
  await input.fill(ref);
  const first = dialog.getByRole("option").first();
  await expect(first).toContainText(push.body.checkoutId);
  await expect(first).toContainText("Checkout service");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${SHOTS}/console-search-reference-desktop.png` });
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/resources/${push.body.checkoutId}$`));
  await expect(dialog).toBeHidden();

  // ⌘K: a request id → the request's page.
  await page.keyboard.press("Meta+k");
  await input.fill(push.requestId);
  await expect(dialog.getByRole("option")).toHaveCount(1);
  await expect(dialog.getByRole("option")).toContainText("POST /collect/v1/push");
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/requests/${push.requestId}$`));

  // A phone number typed as people write it: both apps' calls, newest first; arrows move, Enter opens the chosen one.
  await page.getByRole("button", { name: /^Search…/ }).click();
  await input.fill(`+${phone.slice(0, 3)} ${phone.slice(3)}`);
  const options = dialog.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.first()).toContainText("Payouts worker");
  await expect(options.nth(1)).toContainText("Checkout service");
  await input.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await input.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowUp");
  await page.screenshot({ path: `${SHOTS}/console-search-phone-number-desktop.png` });
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/resources/${push.body.checkoutId}$`));

  // Nothing found says so.
  await page.keyboard.press("Control+k");
  await input.fill("INV-nobody-has-this");
  await expect(dialog.getByRole("status")).toContainText("Nothing in your apps or sandboxes matches");
  await page.keyboard.press("Escape");

  // 390 px: the top bar's button (its icon), the dialog fits the screen.
  await page.setViewportSize(PHONE);
  await page.goto("/apps");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const button = page.getByRole("button", { name: "Search the console" });
  await expect(button).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/console-search-header-phone.png` });
  await button.click();
  await input.fill(ref);
  await expect(dialog.getByRole("option").first()).toContainText(push.body.checkoutId);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/console-search-reference-phone.png` });
  await page.keyboard.press("Escape");
  await expect(button).toBeFocused();
});

test("callbacks: totals per state, and a search by reference, URL and delivery id", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const { email, appId, keys } = await seedApp({ groups: ["Payments", "Messaging"], keys: true });
    const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
    const ref = `INV-${Date.now().toString(36)}`;
    const one = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ reference: ref, callbackUrl: `${receiver.url}/orders/one` }), instant);
    const two = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: `${receiver.url}/refunds/two` }), instant);
    const sms = await gatewayCall(token, "POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "Hello" });
    expect([one.status, two.status, sms.status]).toEqual([202, 202, 202]);
    await receiver.waitFor(2);

    await startSession(page, email);
    await page.goto(`/apps/${appId}/callbacks`);
    const table = page.getByRole("table", { name: "Callbacks" });
    const states = page.getByRole("group", { name: "Filter by status" });
    await expect(page.getByTestId("delivery-total")).toHaveText("3 callbacks.");
    await expect(states.getByRole("button", { name: "Delivered 2" })).toBeVisible();
    await expect(states.getByRole("button", { name: "Not sent 1" })).toBeVisible();
    await expect(states.getByRole("button", { name: "Failed 0" })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search callbacks" });
    await search.fill(ref);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${ref}`));
    await expect(page.getByTestId("delivery-total")).toHaveText("1 callback match.");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(states.getByRole("button", { name: "Delivered 1" })).toBeVisible();
    await shoot(page, "callbacks-search");

    await search.fill("/refunds/");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByTestId("delivery-total")).toHaveText("1 callback match.");
    await table.getByRole("link", { name: "collect.push" }).click();
    await expect(page).toHaveURL(/\/callbacks\/dlv_/);
    const deliveryId = /\/callbacks\/(dlv_[A-Za-z0-9]+)/.exec(page.url())![1]!;
    await page.goBack();

    await search.fill(deliveryId);
    await search.press("Enter");
    await expect(table.getByRole("row")).toHaveCount(2);
    await search.fill("INV-nothing-here");
    await search.press("Enter");
    await expect(page.getByText("No callbacks match these filters")).toBeVisible();
    await expect(page.getByTestId("delivery-total")).toHaveText("0 callbacks match.");
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await search.fill("");
    await search.press("Enter");
    await expect(page.getByTestId("delivery-total")).toHaveText("3 callbacks.");
    await shoot(page, "callbacks-totals");
  } finally {
    await receiver.close();
  }
});
