// Try it, signed in, run as the reader's own app: the call is the gateway's
// (logged in the app's request log), and its callback is really posted to the
// app's inspector and followed beside the answer.
import { expect, test } from "@playwright/test";
import { cli, collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test("signed in, Try it runs the call as the reader's app: logged, its callback posted to the app's inspector and shown beside the answer", async ({ page }) => {
  const a = await seedApp({ name: "Try live", groups: ["Payments"] });
  await startSession(page, a.email);
  await page.goto("/docs/collect/push");
  const tryIt = page.getByRole("region", { name: "Try it" });
  // From the start, with nothing picked by hand: the reader's app, run for real, its callback to the inspector the samples show.
  await expect(tryIt.getByTestId("trying-as")).toHaveText(`Trying as Try live (${a.appId}) — change`);
  await expect(tryIt.getByLabel("Run as this app (logged, real callback)")).toBeChecked();
  await expect(tryIt).toContainText("its callback is really posted");
  await expect(tryIt.getByLabel("callbackUrl")).toHaveValue(a.inspectorUrl);
  await tryIt.getByLabel("Time scale (X-Svc-Time-Scale)").selectOption("0");
  // The sticky panel's Try it, beside the prose, makes the call.
  await page.getByRole("complementary", { name: "Request, response and try it" }).getByRole("button", { name: "Try it", exact: true }).click();

  const result = tryIt.getByTestId("try-result");
  await expect(result.getByTestId("try-status")).toHaveText("202");
  await expect(result).toContainText("Logged in your app's request log as req_");
  const callback = result.getByTestId("try-callback");
  await expect(callback).toContainText("Delivered", { timeout: 20_000 });
  await expect(callback).toContainText("Your app's inspector received it");
  await expect(callback.getByLabel("Callback body")).toContainText('"checkoutId": "chk_');
  await shoot(page, "try-live");

  await result.getByRole("link", { name: /^req_/ }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${a.appId}/requests/req_`));
  await expect(page.getByRole("main")).toContainText("/collect/v1/push");

  // A preview stays one click away: nothing stored, and the callback it shows goes where the samples say.
  await page.goto("/docs/collect/push");
  await tryIt.getByLabel("Preview with its test numbers and time scale").check();
  await expect(tryIt).toContainText("Nothing is stored and no callback is sent.");
  await tryIt.getByRole("button", { name: "Send" }).click();
  await expect(result.getByTestId("try-callback")).toContainText(`would post this 4.0 s later to ${a.inspectorUrl}`);
});

test("signed out, or with a suspended app, Try it is a preview", async ({ page }) => {
  await page.goto("/docs/collect/push");
  const tryIt = page.getByRole("region", { name: "Try it" });
  await expect(tryIt).toContainText("Nothing is stored and no callback is sent.");
  const a = await seedApp({ name: "Suspended only", groups: ["Payments"] });
  await cli("app", "suspend", "--app", a.appId);
  await startSession(page, a.email);
  await page.goto("/docs/collect/push");
  await expect(tryIt.getByTestId("trying-as")).toHaveText(`Trying as Suspended only (${a.appId}) — change`);
  await expect(tryIt.getByLabel("Preview with its test numbers and time scale")).toBeChecked();
  await expect(tryIt.getByLabel("Run as this app (logged, real callback)")).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Suspended only is suspended, so Try it is a preview." })).toBeVisible();
  await expect(tryIt).toContainText("Nothing is stored and no callback is sent.");
});

test("the docs' app picker: an app that can call the page's API by default; a pick fills every sample and try-it and is remembered across pages and visits; where it cannot call, another one and why", async ({ page }) => {
  const shop = await seedApp({ name: "Shop Test", groups: ["Payments", "Messaging"] });
  const texts = await seedApp({ email: shop.email, name: "Texts only", groups: ["Messaging"] });
  const suspended = await seedApp({ email: shop.email, name: "Suspended app", groups: ["Payments"] });
  await cli("app", "suspend", "--app", suspended.appId);
  await startSession(page, shop.email);
  const panel = page.getByRole("complementary", { name: "Request, response and try it" });
  const picker = page.getByLabel("Pre-filled for your app");
  const tryingAs = page.getByRole("region", { name: "Try it" }).getByTestId("trying-as");

  // Nothing picked: the newest app is suspended, the next is not subscribed to Payments, so Shop Test; the others cannot be picked here.
  await page.goto("/docs/collect/push");
  await expect(picker).toHaveValue(shop.appId);
  await expect(tryingAs).toHaveText(`Trying as Shop Test (${shop.appId}) — change`);
  await expect(panel.locator("pre").first()).toContainText(shop.inspectorUrl);
  await expect(picker.locator(`option[value="${texts.appId}"]`)).toBeDisabled();
  await expect(picker.locator(`option[value="${texts.appId}"]`)).toHaveText(`Texts only (${texts.appId}) — not subscribed to Payments`);
  await expect(picker.locator(`option[value="${suspended.appId}"]`)).toBeDisabled();

  // On a Messaging page: the newest app that can send texts, until the reader picks another.
  await page.goto("/docs/sms/send");
  await expect(tryingAs).toHaveText(`Trying as Texts only (${texts.appId}) — change`);
  await tryingAs.getByRole("button", { name: "change" }).click();
  await expect(picker).toBeFocused();
  await picker.selectOption(shop.appId);
  await expect(tryingAs).toHaveText(`Trying as Shop Test (${shop.appId}) — change`);
  await expect(panel.locator("pre").first()).toContainText(shop.appId);
  await page.reload();
  await expect(picker).toHaveValue(shop.appId);
  await page.goto("/docs/sms/get");
  await expect(tryingAs).toHaveText(`Trying as Shop Test (${shop.appId}) — change`);

  // Picked Texts only, then on a Payments page: Shop Test, and the page says why.
  await picker.selectOption(texts.appId);
  await expect(tryingAs).toHaveText(`Trying as Texts only (${texts.appId}) — change`);
  await page.goto("/docs/collect/push");
  await expect(tryingAs).toHaveText(`Trying as Shop Test (${shop.appId}) — change`);
  await expect(page.getByRole("status").filter({ hasText: "Texts only, your pick, is not subscribed to Payments: using Shop Test, your newest app that is." })).toBeVisible();
  await shoot(page, "docs-app-picker");
  await page.goto("/docs/sms/send");
  await expect(tryingAs).toHaveText(`Trying as Texts only (${texts.appId}) — change`);
});

test("signed in, a status operation's id is the app's newest resource, with a menu of recent ones: tracked answers 200", async ({ page }) => {
  const a = await seedApp({ name: "Tracker", groups: ["Payments"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const first = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ reference: "TRACK-1", callbackUrl: a.inspectorUrl }));
  const second = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ reference: "TRACK-2", callbackUrl: a.inspectorUrl }));
  expect([first.status, second.status]).toEqual([202, 202]);
  await startSession(page, a.email);
  await page.goto("/docs/collect/status");
  const tryIt = page.getByRole("region", { name: "Try it" });
  const id = tryIt.locator("#try-checkoutId");
  await expect(id).toHaveValue(second.body.checkoutId);
  const recent = tryIt.getByLabel("Recent checkoutId values of your app");
  await expect(recent.locator("option")).toHaveText(["Your app's recent ones…", new RegExp(`^${second.body.checkoutId} · TRACK-2 · `), new RegExp(`^${first.body.checkoutId} · TRACK-1 · `)]);
  await recent.selectOption(first.body.checkoutId);
  await expect(id).toHaveValue(first.body.checkoutId);
  await tryIt.scrollIntoViewIfNeeded();
  await shoot(page, "docs-tracked-menu");

  await page.locator("#panel-scenario").selectOption("tracked");
  await page.getByRole("complementary", { name: "Request, response and try it" }).getByRole("button", { name: "Try it", exact: true }).click();
  const result = tryIt.getByTestId("try-result");
  await expect(result.getByTestId("try-status")).toHaveText("200");
  await expect(result).toContainText(first.body.checkoutId);
  await expect(result).toContainText("tracked");
  await shoot(page, "docs-tracked-prefill");
});
