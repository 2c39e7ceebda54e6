// The testing tools in the console: "Resend failed…" on the Callbacks tab
// (to another address), the delivery detail's faults and attempt notes, and
// "Reset sandbox data" behind a confirmation.
import { expect, test } from "@playwright/test";
import { startReceiver } from "../tests/helpers/receiver";
import { cli, collectBody, fetchToken, gatewayCall, origin, seedApp, shoot, startSession } from "./helpers/console";

test("resend failed callbacks to another address; faults shown on the delivery", async ({ page }) => {
  const failing = await startReceiver(() => ({ status: 500 }));
  const other = await startReceiver();
  try {
    const { email, appId, keys } = await seedApp({ groups: ["Payments"], keys: true });
    await cli("app", "settings", "--app", appId, "--duplicate", "on");
    const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
    const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: `${failing.url}/cb` }), { "X-Svc-Scenario": "cancelled" });
    expect(push.status).toBe(202);
    await failing.waitFor(2, 20_000); // posted twice: the duplicate fault

    await startSession(page, email);
    await page.goto(`/apps/${appId}/callbacks`);
    const table = page.getByRole("table", { name: "Callbacks" });
    await expect(table.getByRole("row", { name: /collect\.push/ })).toContainText("Failed");
    // The failed delivery says what to do about the delivery; the payment's own code is labelled as the payment's.
    await table.getByRole("link", { name: "collect.push" }).click();
    const advice = page.getByRole("note", { name: "Why this callback failed" });
    await expect(advice).toContainText("your server answered 500");
    await expect(advice).toContainText(/What to do: find this delivery in your server's log by its X-Svc-Delivery header \(dlv_/);
    await expect(page.getByLabel("What the callback reports about the payment")).toContainText("resultCode 1032");
    await shoot(page, "delivery-failed");
    await page.goto(`/apps/${appId}/callbacks`);
    await page.getByRole("button", { name: "Resend failed…" }).click();
    const form = page.getByRole("form", { name: "Resend failed callbacks" });
    await form.getByLabel("To another address (optional)").fill(`${other.url}/elsewhere`);
    await shoot(page, "resend-failed");
    await form.getByRole("button", { name: "Resend failed" }).click();
    await expect(form.getByRole("status")).toContainText("1 callback scheduled again");
    const [got] = await other.waitFor(2, 15_000); // the replay, posted twice too (duplicate)
    expect(got!.path).toBe("/elsewhere");

    await table.getByRole("link", { name: "collect.push" }).click();
    await expect(page.getByTestId("delivery-faults")).toContainText("posted twice under the same delivery id");
    const attempts = page.getByRole("list", { name: "Attempts" }).getByRole("listitem");
    // The receiver may have the second post before it is recorded; a settled delivery's page does not poll.
    await expect(async () => {
      await page.reload();
      await expect(attempts).toHaveCount(4, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(attempts.nth(1)).toContainText("Note: second post");
    await expect(attempts.nth(2)).toContainText(`${other.url}/elsewhere`);
    await expect(attempts.nth(2)).toContainText("Note: replay");
    await shoot(page, "delivery-faults");
  } finally {
    await Promise.all([failing.close(), other.close()]);
  }
});

test("reset sandbox data after a confirmation; keys keep working", async ({ page }) => {
  const { email, appId, keys } = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const callbackUrl = `${origin}/inspect/${appId}`;
  expect((await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl }))).status).toBe(202);
  await startSession(page, email);
  await page.goto(`/apps/${appId}`);
  await page.getByRole("button", { name: "Reset data" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Your keys keep working");
  await shoot(page, "reset-confirm");
  await dialog.getByRole("button", { name: "Reset data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reset:" })).toContainText("1 resource,");
  await page.goto(`/apps/${appId}/callbacks`);
  await expect(page.getByText("No callbacks yet")).toBeVisible();
  expect((await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl }))).status).toBe(202);
});

test("the Testing in CI guide shows the sample test and downloads the same file", async ({ page, request }) => {
  await page.goto("/docs/testing");
  await expect(page.getByRole("heading", { name: "Testing in CI" })).toBeVisible();
  const file = await request.get("/samples/sandbox-ci.test.mjs");
  expect(file.status()).toBe(200);
  const text = await file.text();
  expect(text).toContain("/dev/v1/callbacks/wait");
  await expect(page.getByText("node --test sandbox-ci.test.mjs", { exact: false }).first()).toBeVisible();
  await expect(page.locator("pre").filter({ hasText: "describe(\"every scenario\"" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download sandbox-ci.test.mjs" })).toHaveAttribute("href", "/samples/sandbox-ci.test.mjs");
  for (const [name, width] of [["desktop", 1280], ["phone", 390]] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `e2e/screenshots/docs-testing-${name}.png` });
  }
});
