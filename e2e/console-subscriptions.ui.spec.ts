// Groups and the APIs they open; Payments, Identity and
// Messaging work at once, Treasury waits for an operator's review.
import { expect, test } from "@playwright/test";
import { cli, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test("add groups: three work at once, Treasury waits for review until an operator approves", async ({ page }) => {
  const { email, appId, keys } = await seedApp({ keys: true });
  await startSession(page, email);
  await page.goto(`/apps/${appId}/subscriptions`);

  const card = (g: string) => page.getByRole("listitem", { name: g });
  await expect(card("Payments")).toContainText("Collect");
  await expect(card("Treasury")).toContainText("Payouts");
  await expect(card("Identity")).toContainText("Identity Check");
  await expect(card("Messaging")).toContainText("SMS");
  for (const g of ["Payments", "Treasury", "Identity", "Messaging"]) await expect(card(g)).toContainText("Not subscribed");

  await page.getByRole("button", { name: "Add Payments to this app" }).click();
  await expect(card("Payments")).toContainText("Active");
  await page.getByRole("button", { name: "Add Identity to this app" }).click();
  await expect(card("Identity")).toContainText("Active");
  await page.getByRole("button", { name: "Add Treasury to this app" }).click();
  await expect(card("Treasury")).toContainText("Waiting for review");
  await shoot(page, "subscriptions");

  // What the page says is what the gateway does.
  const { body } = await fetchToken(keys!.consumerKey, keys!.consumerSecret);
  const token = body.access_token!;
  expect((await gatewayCall(token, "POST", "/identity/v1/verifications", { idNumber: "12345678" })).status).toBe(200);
  const pending = await gatewayCall(token, "GET", "/payouts/v1/pay_x");
  expect(pending.body.error).toBe("SUBSCRIPTION_PENDING");
  expect((await gatewayCall(token, "GET", "/messaging/v1/sms/msg_x")).body.error).toBe("NOT_SUBSCRIBED");

  await cli("review", "--app", appId, "--group", "Treasury", "--approve");
  await page.reload();
  await expect(card("Treasury")).toContainText("Active");
  expect((await gatewayCall(token, "GET", "/payouts/v1/pay_x")).status).toBe(200);
});
