// Try it, signed in, run as the reader's own app: the call is the gateway's
// (logged in the app's request log), and its callback is really posted to the
// app's inspector and followed beside the answer.
import { expect, test } from "@playwright/test";
import { cli, seedApp, shoot, signIn } from "./helpers/console";

test("signed in, Try it runs the call as the reader's app: logged, its callback posted to the app's inspector and shown beside the answer", async ({ page }) => {
  const a = await seedApp({ name: "Try live", groups: ["Payments"] });
  await signIn(page, a.email);
  await page.goto("/docs/collect/push");
  const tryIt = page.getByRole("region", { name: "Try it" });
  // From the start, with nothing picked by hand: the reader's app, run for real, its callback to the inspector the samples show.
  await expect(tryIt.getByLabel("Your app")).toHaveValue(a.appId);
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
  await signIn(page, a.email);
  await page.goto("/docs/collect/push");
  await expect(tryIt.getByLabel("Your app")).toHaveValue(a.appId);
  await expect(tryIt.getByLabel("Preview with its test numbers and time scale")).toBeChecked();
  await expect(tryIt).toContainText("Nothing is stored and no callback is sent.");
});

test("the docs' app picker: not a suspended app by default; a pick fills every sample and try-it, and is remembered", async ({ page }) => {
  const older = await seedApp({ name: "Working app", groups: ["Payments"] });
  const newest = await seedApp({ email: older.email, name: "Suspended app" });
  await cli("app", "suspend", "--app", newest.appId);
  await signIn(page, older.email);
  await page.goto("/docs/collect/push");
  const picker = page.getByLabel("Pre-filled for your app");
  await expect(picker).toHaveValue(older.appId); // the newest is suspended: not the default
  const panel = page.getByRole("complementary", { name: "Request, response and try it" });
  await expect(panel.locator("pre").first()).toContainText(older.inspectorUrl);
  await expect(page.getByRole("region", { name: "Try it" }).getByLabel("Your app")).toHaveValue(older.appId);

  await picker.selectOption(newest.appId);
  await expect(panel.locator("pre").first()).toContainText(newest.inspectorUrl);
  await expect(page.getByRole("region", { name: "Try it" }).getByLabel("Your app")).toHaveValue(newest.appId);
  await page.reload();
  await expect(page.getByLabel("Pre-filled for your app")).toHaveValue(newest.appId);
  await page.goto("/docs/payouts/send");
  await expect(page.getByLabel("Pre-filled for your app")).toHaveValue(newest.appId);
  await shoot(page, "docs-app-picker");
});
