// Every callback of an app, filterable by status; open one to
// see the body and each attempt; Send it again adds an attempt without a reload.
import { expect, test } from "@playwright/test";
import { startReceiver } from "../tests/helpers/receiver";
import { collectBody, fetchToken, gatewayCall, shoot, seedApp, startSession } from "./helpers/console";

test("callbacks list, filter, detail with attempts, and Send it again without a reload", async ({ page }) => {
  let answer = 500;
  const receiver = await startReceiver(() => ({ status: answer }));
  try {
    const { email, appId, keys } = await seedApp({ groups: ["Payments", "Messaging"], keys: true });
    const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
    // A Collect push whose callback the receiver refuses (500), and an SMS with no address at all.
    const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: `${receiver.url}/cb` }), { "X-Svc-Scenario": "cancelled" });
    expect(push.status).toBe(202);
    const sms = await gatewayCall(token, "POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "Hello" });
    expect(sms.status).toBe(202);

    await startSession(page, email);
    await page.goto(`/apps/${appId}/callbacks`);
    const table = page.getByRole("table", { name: "Callbacks" });
    const collectRow = table.getByRole("row", { name: /collect\.push/ });
    await receiver.waitFor(1);
    await expect(collectRow).toContainText("Failed"); // the list refreshes by itself
    await expect(collectRow).toContainText("500");
    await expect(table.getByRole("row", { name: /sms\.send/ })).toContainText("Not sent");
    await shoot(page, "callbacks");

    // Filters
    const filters = page.getByRole("group", { name: "Filter by status" });
    await filters.getByRole("button", { name: "Not sent" }).click();
    await expect(page).toHaveURL(/state=not_sent/);
    await expect(table.getByRole("row")).toHaveCount(2); // header + the SMS
    await expect(table).toContainText("sms.send");
    await filters.getByRole("button", { name: "Delivered" }).click();
    await expect(page.getByText("No callbacks match these filters")).toBeVisible();
    await filters.getByRole("button", { name: "Failed" }).click();
    await expect(table.getByRole("row")).toHaveCount(2);

    // Open it: the body sent and the attempt with its answer.
    await table.getByRole("link", { name: "collect.push" }).click();
    await expect(page).toHaveURL(/\/callbacks\/dlv_/);
    await expect(page.getByLabel("Callback body", { exact: true })).toContainText(`"checkoutId": "${push.body.checkoutId}"`);
    await expect(page.getByLabel("Callback body", { exact: true })).toContainText('"resultCode": 1032');
    await expect(page.getByTestId("attempt-count")).toHaveText("1");
    const attempts = page.getByRole("list", { name: "Attempts" }).getByRole("listitem");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText("500");
    await expect(attempts.first()).toContainText("HTTP 500");

    // Send it again: same body, same address, one more attempt, on this same page.
    answer = 200;
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole("button", { name: "Send it again" }).click();
    await expect(page.getByTestId("attempt-count")).toHaveText("2");
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(1)).toContainText("200");
    await expect(page.getByText("Delivered", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42); // no reload
    const [first, second] = await receiver.waitFor(2);
    expect(second!.body).toBe(first!.body);
    expect(second!.path).toBe("/cb");
    expect(second!.headers["x-svc-delivery"]).toBe(first!.headers["x-svc-delivery"]);
    await shoot(page, "callback-detail");

    // Back to the list keeps the filter.
    await page.getByRole("link", { name: "← All callbacks" }).click();
    await expect(page).toHaveURL(/state=failed/);
  } finally {
    await receiver.close();
  }
});
