// The float on an app's Overview: the balances per currency, a payout's reserve
// shown while it is held, the form that sets one (reserves kept) and a refused
// amount named under its field. Screenshots at 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { violationsIn } from "./helpers/axe";
import { cli, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test("the Overview shows the float and sets it; a held payout's reserve shows as reserved", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, appId, keys } = await seedApp({ name: "Payroll", groups: ["Treasury"], keys: true });
  await cli("review", "--app", appId, "--group", "Treasury", "--approve");
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const payout = { amount: 1500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: "PO-E2E-1", callbackUrl: "https://example.com/cb" };
  const held = await gatewayCall(token, "POST", "/payouts/v1/send", payout, { "x-svc-scenario": "held" });
  expect(held.status).toBe(202);

  await startSession(page, email);
  await page.goto("/apps");
  await page.getByRole("link", { name: /Payroll/ }).click();
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Float" }) });
  const table = card.getByRole("table", { name: "Float balances" });
  await expect(table.getByRole("row").filter({ hasText: "KES" })).toContainText(/998,500\s*1,500/);
  await expect(table.getByRole("row").filter({ hasText: "UGX" })).toContainText(/1,000,000\s*0/);

  await card.getByLabel("Currency").selectOption("KES");
  await card.getByLabel("Available").fill("5000");
  await card.getByRole("button", { name: "Set float" }).click();
  await expect(card.getByText("Saved.")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "KES" })).toContainText(/5,000\s*1,500/);
  expect((await gatewayCall(token, "GET", "/dev/v1/float")).body.balances[0]).toEqual({ currency: "KES", available: 5000, reserved: 1500 });

  await card.getByLabel("Available").fill("2000000000");
  await card.getByRole("button", { name: "Set float" }).click();
  await expect(card.getByRole("alert")).toContainText("Available must be at most 1000000000");
  expect(await violationsIn(page, "main")).toEqual([]);
  await shoot(page, "float");
});
