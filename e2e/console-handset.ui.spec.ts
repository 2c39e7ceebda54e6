// The Handset (README "Drive a payment by hand"): held prompts drawn as the
// customer's phone, answered from the console at desktop (1280) and phone (390)
// width; the callback reaches a real receiver and the prompt leaves the list.
import { expect, test, type Page } from "@playwright/test";
import { startReceiver, type Receiver } from "../tests/helpers/receiver";
import { seriousViolations } from "./helpers/axe";
import { collectBody, fetchToken, gatewayCall, panelsLoaded, seedApp, shoot, startSession } from "./helpers/console";

const HELD = { "X-Svc-Scenario": "held", "X-Svc-Time-Scale": "0" };

// Seeding through the operator command line is slow on a loaded machine.
test.describe.configure({ timeout: 360_000 });

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver();
});
test.afterAll(() => rx.close());

async function heldApp() {
  const a = await seedApp({ groups: ["Payments", "Messaging"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const hold = async (body: Record<string, unknown>, path = "/collect/v1/push") => {
    const r = await gatewayCall(token, "POST", path, body, HELD);
    expect(r.status).toBe(202);
    return r.body as { checkoutId?: string; messageId?: string; customerMessage?: string };
  };
  return { ...a, token, hold };
}

const prompt = (page: Page, id: string) => page.getByRole("article", { name: `Payment prompt ${id}` });
/** The body of the callback posted to `path` of the receiver, once it arrived. */
async function callbackAt(path: string) {
  await expect.poll(() => rx.received.some((r) => r.path === path), { timeout: 15_000 }).toBe(true);
  return JSON.parse(rx.received.find((r) => r.path === path)!.body);
}

test("desktop: the prompt as the phone shows it; Enter PIN pays, the callback arrives, the prompt leaves the list", async ({ page }) => {
  const a = await heldApp();
  const first = await a.hold(collectBody({ amount: 250, callbackUrl: `${rx.url}/${a.appId}/first` }));
  const second = await a.hold(collectBody({ amount: 75, callbackUrl: `${rx.url}/${a.appId}/second` }));
  const sms = await a.hold({ to: "254712345678", senderId: "SHOP", message: "Your order has shipped", callbackUrl: `${rx.url}/${a.appId}/sms` }, "/messaging/v1/sms");
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}`);
  await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Handset" }).click();
  const list = page.getByRole("list", { name: "Held" });
  await expect(list.getByRole("article")).toHaveCount(3);
  // newest first
  await expect(list.getByRole("article").first()).toHaveAccessibleName(`Message ${sms.messageId}`);
  await expect(list.getByRole("article").nth(1)).toHaveAccessibleName(`Payment prompt ${second.checkoutId}`);
  const phone = prompt(page, first.checkoutId!);
  await expect(phone).toContainText("KES 250");
  await expect(phone).toContainText("to till 174379");
  await expect(phone).toContainText(first.customerMessage!);
  for (const d of ["1", "2", "3", "4"]) await phone.getByRole("button", { name: d, exact: true }).click();
  await expect(phone.getByTestId("pin-dots").locator(".bg-slate-900")).toHaveCount(4);
  await shoot(page, "handset");

  await phone.getByRole("button", { name: "Enter PIN" }).click();
  await expect(phone).toHaveCount(0);
  const cb = await callbackAt(`/${a.appId}/first`);
  expect(cb).toMatchObject({ checkoutId: first.checkoutId, resultCode: 0, amount: 250 });
  await expect(list.getByRole("article")).toHaveCount(2);

  // the other outcomes are in the menu
  const other = prompt(page, second.checkoutId!);
  await other.getByText("More outcomes").click();
  await other.getByRole("button", { name: "insufficient_funds" }).click();
  await expect(other).toHaveCount(0);
  expect(await callbackAt(`/${a.appId}/second`)).toMatchObject({ checkoutId: second.checkoutId, resultCode: 1001 });

  // the SMS: Handset off
  await page.getByRole("article", { name: `Message ${sms.messageId}` }).getByRole("button", { name: "Handset off" }).click();
  expect(await callbackAt(`/${a.appId}/sms`)).toMatchObject({ messageId: sms.messageId, status: "FAILED" });
  await expect(page.getByText("Nothing is held")).toBeVisible();

  // the resource's page: its timeline says who resolved it
  await page.goto(`/apps/${a.appId}/resources/${first.checkoutId}`);
  const timeline = page.getByRole("list", { name: `Timeline of ${first.checkoutId}` });
  await expect(timeline.locator("li[data-type=state]").filter({ hasText: "resolved" })).toContainText("as paid via console");
  await expect(timeline.locator("li[data-type=callback_attempt]")).toContainText("200");
  await expect(timeline.locator("li").first()).toHaveAttribute("data-type", "request");
  await shoot(page, "resource-timeline");
  // the request log has the console's resolve
  await page.goto(`/apps/${a.appId}/requests?operation=dev.resources.resolve`);
  await expect(page.getByRole("table", { name: "Requests" }).locator("tbody tr")).toHaveCount(3);
});

test("phone width: the phone fits, Cancel sends 1032, Ignore lets it time out", async ({ browser }) => {
  const a = await heldApp();
  const one = await a.hold(collectBody({ callbackUrl: `${rx.url}/${a.appId}/cancel` }));
  const two = await a.hold(collectBody({ callbackUrl: `${rx.url}/${a.appId}/ignore` }));
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/handset`);
  const phone = prompt(page, one.checkoutId!);
  await expect(phone).toBeVisible();
  const box = (await phone.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "e2e/screenshots/console-handset-390.png", fullPage: true });

  await phone.getByRole("button", { name: "Cancel" }).click();
  await expect(phone).toHaveCount(0);
  expect(await callbackAt(`/${a.appId}/cancel`)).toMatchObject({ checkoutId: one.checkoutId, resultCode: 1032 });

  await prompt(page, two.checkoutId!).getByRole("button", { name: "Ignore" }).click();
  await expect(prompt(page, two.checkoutId!)).toHaveCount(0);
  expect(await callbackAt(`/${a.appId}/ignore`)).toMatchObject({ checkoutId: two.checkoutId, resultCode: 1037 });

  // a prompt held meanwhile by the integrator's code appears by itself
  const three = await a.hold(collectBody({ callbackUrl: `${rx.url}/${a.appId}/late` }));
  await expect(prompt(page, three.checkoutId!)).toBeVisible({ timeout: 10_000 });

  // the timeline of the cancelled one fits the phone too
  await page.goto(`/apps/${a.appId}/resources/${one.checkoutId}`);
  await expect(page.locator("li[data-type=callback_attempt]")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "e2e/screenshots/console-resource-timeline-390.png", fullPage: true });
  await ctx.close();
});

test("the Handset, a resource's page and /docs/held pass axe at both widths", async ({ page }) => {
  const a = await heldApp();
  const held = await a.hold(collectBody({ callbackUrl: `${rx.url}/${a.appId}/axe` }));
  await startSession(page, a.email);
  const problems: string[] = [];
  for (const p of [`/apps/${a.appId}/handset`, `/apps/${a.appId}/resources/${held.checkoutId}`, "/docs/held"]) {
    await page.goto(p);
    await panelsLoaded(page);
    for (const vp of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(vp);
      problems.push(...await seriousViolations(page, p));
    }
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
