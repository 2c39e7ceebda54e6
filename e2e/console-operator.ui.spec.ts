// Operators review Treasury subscriptions and suspend or
// resume apps; everyone else gets 404 there.
import { expect, test } from "@playwright/test";
import { fetchToken, gatewayCall, origin, seedApp, seedUser, shoot, startSession } from "./helpers/console";

// Three browser contexts and confirmation dialogs: room on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("non-operators get 404 on the operator page and routes", async ({ page }) => {
  const { email } = await seedApp();
  await startSession(page, email);
  await page.goto("/apps");
  await expect(page.getByRole("link", { name: "Operator", exact: true })).toHaveCount(0);
  const r = await page.goto("/operator");
  expect(r?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  for (const res of [
    await page.request.get("/api/console/operator/reviews"),
    await page.request.get("/api/console/operator/apps"),
    await page.request.post("/api/console/operator/reviews", { data: { appId: "app_x", group: "Treasury", approve: true }, headers: { origin } }),
  ]) {
    expect(res.status()).toBe(404);
    expect((await res.json()).error).toBe("NOT_FOUND");
  }
});

test("an operator approves and rejects Treasury, suspends and resumes an app; the owner sees it", async ({ browser }) => {
  const a = await seedApp({ name: "Payroll runner", groups: ["Treasury"], keys: true });
  const b = await seedApp({ name: "Refund desk", groups: ["Treasury"] });
  const opCtx = await browser.newContext();
  const op = await opCtx.newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/apps");
  await op.getByRole("link", { name: "Operator", exact: true }).click();
  const reviews = op.getByRole("table", { name: "Pending reviews" });
  await expect(reviews.getByRole("row", { name: /Payroll runner/ })).toContainText(a.email);
  await expect(reviews.getByRole("row", { name: /Refund desk/ })).toContainText("Treasury");
  const all = op.getByRole("table", { name: "All apps" });
  await expect(all.getByRole("row", { name: /Payroll runner/ })).toContainText(a.email);
  await shoot(op, "operator");

  // Each decision asks first; a rejection needs a reason, which the owner sees.
  await op.getByRole("button", { name: "Approve Treasury for Payroll runner" }).click();
  await op.getByRole("dialog", { name: "Approve Treasury for Payroll runner?" }).getByRole("button", { name: "Approve" }).click();
  await op.getByRole("button", { name: "Reject Treasury for Refund desk" }).click();
  const reject = op.getByRole("dialog", { name: "Reject Treasury for Refund desk?" });
  await reject.getByLabel("Reason").fill("No refunds from Treasury.");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(reviews.getByRole("row", { name: /Payroll runner|Refund desk/ })).toHaveCount(0);

  const ownerCtx = await browser.newContext();
  const owner = await ownerCtx.newPage();
  await startSession(owner, a.email);
  await owner.goto(`/apps/${a.appId}/subscriptions`);
  await expect(owner.getByRole("listitem", { name: "Treasury" })).toContainText("Active");
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  expect((await gatewayCall(token, "GET", "/payouts/v1/pay_x")).status).toBe(200);

  // Suspend (after a confirmation): calls answer APP_SUSPENDED and the owner sees it marked.
  const row = all.getByRole("row", { name: /Payroll runner/ });
  await row.getByRole("button", { name: "Suspend" }).click();
  await op.getByRole("dialog").getByRole("button", { name: "Suspend app" }).click();
  await expect(row).toContainText("Suspended");
  expect((await gatewayCall(token, "GET", "/payouts/v1/pay_x")).body.error).toBe("APP_SUSPENDED");
  await owner.goto("/apps");
  await expect(owner.getByRole("link", { name: /Payroll runner/ })).toContainText("Suspended");
  await owner.goto(`/apps/${a.appId}`);
  await expect(owner.getByText("An operator suspended this app")).toBeVisible();
  await shoot(owner, "app-suspended");

  await row.getByRole("button", { name: "Resume Payroll runner" }).click();
  await expect(row).toContainText("Active");
  expect((await gatewayCall(token, "GET", "/payouts/v1/pay_x")).status).toBe(200);
  await owner.reload();
  await expect(owner.getByText("An operator suspended this app")).toHaveCount(0);

  // The other owner sees the rejection and can ask again.
  const otherCtx = await browser.newContext();
  const other = await otherCtx.newPage();
  await startSession(other, b.email);
  await other.goto(`/apps/${b.appId}/subscriptions`);
  await expect(other.getByRole("listitem", { name: "Treasury" })).toContainText("Rejected");
  await expect(other.getByRole("listitem", { name: "Treasury" })).toContainText("Reason: No refunds from Treasury.");
  await expect(other.getByRole("button", { name: "Add Treasury to this app" })).toHaveText("Ask for review again");
  await Promise.all([opCtx.close(), ownerCtx.close(), otherCtx.close()]);
});
