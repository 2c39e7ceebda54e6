// The app's Testing tab — time scale, callback faults, test numbers —
// and the request log showing the scale a call ran with.
import { expect, test } from "@playwright/test";
import { collectBody, fetchToken, origin, seedApp, shoot, startSession } from "./helpers/console";

/** A Collect push; answers the status, the scenario header and the request id. */
async function push(token: string, over: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await fetch(`${origin}/sandbox/collect/v1/push`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(collectBody({ callbackUrl: "http://127.0.0.1:9/cb", ...over })),
  });
  return { status: r.status, scenario: r.headers.get("x-svc-scenario"), requestId: r.headers.get("x-request-id")! };
}

test("testing tab: time scale presets, callback faults and test numbers drive the gateway", async ({ page }) => {
  const { email, appId, keys } = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  await startSession(page, email);
  await page.goto(`/apps/${appId}`);
  await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Testing" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/testing$`));

  // Time scale: the 0 preset, saved by its click, is what the gateway runs with.
  const scale = page.getByLabel("Time scale");
  await expect(scale).toHaveValue("1");
  await page.getByRole("button", { name: /^0 · instant/ }).click();
  await expect(scale).toHaveValue("0");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await scale.fill("3");
  await page.locator("form").filter({ has: scale }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a number from 0 to 1, e.g. 0.1.")).toBeVisible();
  await scale.fill("0"); // back to what is saved: nothing to warn about on leaving
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  // Callback faults: saved and read back.
  await page.getByLabel("Send every callback twice").check();
  await page.getByLabel("Extra delay (ms)").fill("250");
  await page.locator("form").filter({ has: page.getByLabel("Extra delay (ms)") }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // Test numbers: add one, it picks the scenario; a bad value is refused naming the field.
  await expect(page.getByText("No test numbers yet")).toBeVisible();
  const form = page.getByRole("form", { name: "Add a test number" });
  await form.getByLabel("Field").selectOption("body.phoneNumber");
  await form.getByLabel("Value").fill("not a phone");
  await form.getByLabel("Scenario").selectOption("cancelled");
  await form.getByRole("button", { name: "Add test number" }).click();
  await expect(form.getByText(/is not a valid body\.phoneNumber/)).toBeVisible();
  await form.getByLabel("Value").fill("254700000001");
  await form.getByRole("button", { name: "Add test number" }).click();
  const table = page.getByRole("table", { name: "Test numbers" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("254700000001");
  await expect(table).toContainText("cancelled");
  await shoot(page, "testing");

  const picked = await push(token, { phoneNumber: "254700000001" });
  expect([picked.status, picked.scenario]).toEqual([202, "cancelled"]);

  // Try-it, signed in: the docs' app (the picker's) is Try it's app from the start, so its
  // test numbers and time scale (0) apply; with no app they do not.
  await page.goto("/docs/collect/push");
  const panel = page.getByRole("region", { name: "Try it" });
  await expect(panel.getByTestId("trying-as")).toContainText(`(${appId})`);
  await panel.getByLabel("phoneNumber").fill("254700000001");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByText(/scenario\s+cancelled/)).toBeVisible();
  await panel.getByLabel("Preview without an app").check();
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByText(/scenario\s+paid/)).toBeVisible();
  await shoot(page, "testing-try-it");
  await page.goto(`/apps/${appId}/testing`);
  await expect(page.getByLabel("Time scale", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("Send every callback twice")).toBeChecked();
  await expect(page.getByLabel("Extra delay (ms)")).toHaveValue("250");

  // The request log shows the scale.
  const half = await push(token, {}, { "x-svc-time-scale": "0.5" });
  await page.goto(`/apps/${appId}/requests/${half.requestId}`);
  await expect(page.getByTestId("time-scale")).toHaveText("time scale 0.5");

  await page.goto(`/apps/${appId}/testing`);
  await page.getByRole("button", { name: /Remove test number 254700000001/ }).click();
  await expect(page.getByText("No test numbers yet")).toBeVisible();
  expect((await push(token, { phoneNumber: "254700000001" })).scenario).toBe("paid");
});

test("testing tab: the add form starts from the example it shows; a value that exists is refused, not replaced", async ({ page }) => {
  const { email, appId } = await seedApp();
  await startSession(page, email);
  await page.goto(`/apps/${appId}/testing`);
  await expect(page.getByText("For example: Collect push, body.phoneNumber = 254700000001 → cancelled.")).toBeVisible();
  const form = page.getByRole("form", { name: "Add a test number" });
  await expect(form.getByLabel("Operation")).toHaveValue("collect.push");
  await expect(form.getByLabel("Field")).toHaveValue("body.phoneNumber");
  await expect(form.getByLabel("Scenario")).toHaveValue("cancelled");
  await expect(form.getByLabel("Value")).toHaveAttribute("placeholder", "254700000001");
  await form.getByLabel("Value").fill("254700000001");
  await form.getByRole("button", { name: "Add test number" }).click();
  const table = page.getByRole("table", { name: "Test numbers" });
  await expect(table).toContainText("cancelled");
  await form.getByLabel("Value").fill("254700000001");
  await form.getByLabel("Scenario").selectOption("no_answer");
  await form.getByRole("button", { name: "Add test number" }).click();
  await expect(form.getByText(/already runs cancelled .*remove it first/)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).not.toContainText("no_answer");
});
