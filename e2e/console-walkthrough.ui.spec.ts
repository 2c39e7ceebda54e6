// The "Done when", in one go, as a new developer does it: sign up,
// create an app and a key pair, subscribe to Payments, fetch a token with the
// shown curl line, Collect push to the inspector address, see the callback in
// the inbox and the call in the request log, and send the callback again.
import { expect, test } from "@playwright/test";
import { collectBody, gatewayCall, origin, signUp } from "./helpers/console";

test("walk-through: from sign-up to a callback sent again", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);

  await page.getByLabel("App name").fill("My first shop");
  await page.getByRole("button", { name: "Create app" }).click();
  await expect(page).toHaveURL(/\/apps\/app_/);
  const appId = page.url().split("/").at(-1)!;
  const inspectorUrl = `${origin}/inspect/${appId}`;
  await expect(page.getByText(inspectorUrl, { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Keys" }).click();
  await page.getByRole("button", { name: "Create key pair" }).click();
  const curl = (await page.getByTestId("curl-line").textContent())!;

  await page.getByRole("link", { name: "Subscriptions" }).click();
  await page.getByRole("button", { name: "Add Payments to this app" }).click();
  await expect(page.getByRole("listitem", { name: "Payments" })).toContainText("Active");

  // The curl line, as curl runs it: Basic auth from -u, form body from -d, POST to the URL.
  const [, user, url] = curl.match(/^curl -u (\S+) -d grant_type=client_credentials (\S+)$/)!;
  const tokenReply = await fetch(url!, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(user!).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  expect(tokenReply.status).toBe(200);
  const { access_token: token } = (await tokenReply.json()) as { access_token: string };

  await page.getByRole("link", { name: "Inspector", exact: true }).click();
  await expect(page.getByText("Nothing received yet")).toBeVisible();
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: inspectorUrl, amount: 2 })); // cancelled: 2.5 s
  expect(push.status).toBe(202);
  const inbox = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(inbox).toHaveCount(1, { timeout: 20_000 }); // arrives while the page is open
  await inbox.first().locator("summary").click();
  await expect(inbox.first().getByLabel("Received body")).toContainText(push.body.checkoutId);

  await page.getByRole("link", { name: "Request log" }).click();
  const logRow = page.getByRole("row", { name: new RegExp(push.requestId) });
  await expect(logRow).toContainText("POST /collect/v1/push");
  await expect(logRow).toContainText("202");
  await expect(logRow).toContainText("cancelled");

  await page.getByRole("link", { name: "Callbacks" }).click();
  await expect(page.getByRole("row", { name: /collect\.push/ })).toContainText("Delivered");
  await page.getByRole("link", { name: "collect.push" }).click();
  await expect(page.getByTestId("attempt-count")).toHaveText("1");
  await page.getByRole("button", { name: "Send it again" }).click();
  await expect(page.getByTestId("attempt-count")).toHaveText("2");
  await expect(page.getByRole("list", { name: "Attempts" }).getByRole("listitem")).toHaveCount(2);

  // The second copy reached the inspector too.
  await page.getByRole("link", { name: "Inspector", exact: true }).click();
  await expect(inbox).toHaveCount(2);
});
