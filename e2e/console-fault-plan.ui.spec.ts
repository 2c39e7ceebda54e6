// The Testing tab's fault plan: add rules (every Nth call, a seeded
// probability), a refused value said under the form, remove one; the gateway
// follows the saved plan. Screenshots at 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { violationsIn } from "./helpers/axe";
import { collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test("testing tab: the fault plan's rules are added, refused when out of bounds, removed, and the gateway follows them", async ({ page }) => {
  const { email, appId, keys } = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  await startSession(page, email);
  await page.goto(`/apps/${appId}/testing`);

  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Fault plan" }) });
  await expect(card.getByText("No fault plan")).toBeVisible();
  const form = card.getByRole("form", { name: "Add a fault rule" });
  await form.getByLabel("Fault").selectOption("unavailable");
  await form.getByLabel("When").selectOption("every");
  await form.getByLabel("N", { exact: true }).fill("0");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(form.getByRole("alert")).toContainText(/every must be at least 1/i);
  await form.getByLabel("N", { exact: true }).fill("2");
  await form.getByRole("button", { name: "Add rule" }).click();
  const table = card.getByRole("table", { name: "Fault plan" });
  await expect(table.getByRole("row").filter({ hasText: "unavailable" })).toContainText("every 2nd call");

  await form.getByLabel("Operation").selectOption("payouts.send");
  await form.getByLabel("Fault").selectOption("lost_response");
  await form.getByLabel("When").selectOption("probability");
  await form.getByLabel("Probability (0–1)").fill("0.25");
  await form.getByLabel("Seed").fill("7");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(table.getByRole("row").filter({ hasText: "lost_response" })).toContainText("25% of calls, seed 7");
  expect((await gatewayCall(token, "GET", "/dev/v1/settings")).body.faultPlan).toEqual([
    { operation: "collect.push", fault: "unavailable", when: { every: 2 } },
    { operation: "payouts.send", fault: "lost_response", when: { probability: 0.25, seed: 7 } },
  ]);

  // The gateway follows the plan: every 2nd Collect push is refused 503.
  const statuses = [];
  for (let i = 0; i < 2; i++) statuses.push((await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: "http://127.0.0.1:9/cb" }), { "x-svc-time-scale": "0" })).status);
  expect(statuses).toEqual([202, 503]);

  expect(await violationsIn(page, "main")).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "fault-plan");

  await card.getByRole("button", { name: /^Remove rule 1: unavailable on collect\.push/ }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  expect((await gatewayCall(token, "GET", "/dev/v1/settings")).body.faultPlan).toHaveLength(1);
});
