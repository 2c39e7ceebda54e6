// The float a payout met, where the console and the docs show it: the request
// detail of a float_low payout (the balance that was too low), the timeline of
// a sent one (what was available, what it reserved), and the docs' try-it
// result of a live payout. Screenshots at 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { violationsIn } from "./helpers/axe";
import { cli, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

const payout = (amount: number, reference: string) => ({
  amount, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference, callbackUrl: "https://example.com/cb",
});

test("the request detail and the timeline show the float each payout met, linked to the float card", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, appId, keys } = await seedApp({ name: "Payroll", groups: ["Treasury"], keys: true });
  await cli("review", "--app", appId, "--group", "Treasury", "--approve");
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  await gatewayCall(token, "PUT", "/dev/v1/float/KES", { available: 1000 });
  const sent = await gatewayCall(token, "POST", "/payouts/v1/send", payout(500, "PO-MET-1"), { "x-svc-time-scale": "0" });
  const low = await gatewayCall(token, "POST", "/payouts/v1/send", payout(600, "PO-MET-2"), { "x-svc-time-scale": "0" });
  expect([sent.status, low.status]).toEqual([202, 202]);

  await startSession(page, email);
  await page.goto(`/apps/${appId}/requests/${low.requestId}`);
  const main = page.getByRole("main");
  await expect(main.getByTestId("float-met").first()).toHaveText("Float KES 500 available; too low, nothing reserved");
  expect(await violationsIn(page, "main")).toEqual([]);
  await shoot(page, "float-met-request");

  await page.goto(`/apps/${appId}/resources/${(sent.body as { payoutId: string }).payoutId}`);
  const timeline = main.getByRole("list", { name: /^Timeline of pay_/ });
  await expect(timeline.locator('li[data-type="request"]').getByTestId("float-met")).toHaveText("Float KES 1,000 available; reserved 500");
  await shoot(page, "float-met-timeline");
  await timeline.getByRole("link", { name: "Float" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}#float$`));
  await expect(page.getByRole("table", { name: "Float balances" }).getByRole("row").filter({ hasText: "KES" })).toContainText(/500\s*0/);
});

test("the docs' try-it result of a live payout shows the float it met and links to the float guide", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, appId } = await seedApp({ name: "Payouts try", groups: ["Treasury"] });
  await cli("review", "--app", appId, "--group", "Treasury", "--approve");
  await startSession(page, email);
  await page.goto("/docs/payouts/send");
  const tryIt = page.getByRole("region", { name: "Try it" });
  await expect(tryIt.getByTestId("trying-as")).toHaveText(`Trying as Payouts try (${appId}) — change`);
  await expect(tryIt.getByLabel("Run as this app (logged, real callback)")).toBeChecked();
  await tryIt.getByLabel("Time scale (X-Svc-Time-Scale)").selectOption("0");
  await page.getByRole("complementary", { name: "Request, response and try it" }).getByRole("button", { name: "Try it", exact: true }).click();
  const result = tryIt.getByTestId("try-result");
  await expect(result.getByTestId("try-status")).toHaveText("202");
  await expect(result.getByTestId("try-float")).toContainText(/^Float KES 1,000,000 available; reserved [\d,]+\. How the float works$/);
  await expect(result.getByTestId("try-float").getByRole("link", { name: "How the float works" })).toHaveAttribute("href", "/docs/testing#float");
  await expect(result.getByTestId("try-float").getByRole("link", { name: "Float", exact: true })).toHaveAttribute("href", `/apps/${appId}#float`);
  await shoot(page, "try-float");
});
