// The request log per app: filters by status class,
// operation and scenario, search by request id, detail with headers and
// bodies; keyset pages that work with 100,000 rows.
import { expect, test } from "@playwright/test";
import { cli, collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";
import { seedRequestLog } from "./helpers/seed-log";

test("filter, search and open calls in the request log", async ({ page }) => {
  const { email, appId, keys } = await seedApp({ groups: ["Payments", "Identity"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const calls = [
    await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: "https://example.com/cb" })), // 202 paid
    await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: "https://example.com/cb", phoneNumber: "254000000000" })), // 400
    await gatewayCall(token, "GET", "/collect/v1/push/chk_missing"), // 404 not_found
    await gatewayCall(token, "POST", "/identity/v1/verifications", { idNumber: "00000001" }), // 200 name_mismatch
    await gatewayCall(token, "POST", "/identity/v1/verifications", { idNumber: "ABC" }), // 422 invalid_id
  ];
  expect(calls.map((c) => c.status)).toEqual([202, 400, 404, 200, 422]);

  await startSession(page, email);
  await page.goto(`/apps/${appId}/requests`);
  const table = page.getByRole("table", { name: "Requests" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("invalid_id"); // newest first
  await expect(rows.first()).toContainText(calls[4]!.requestId);
  await expect(rows.first()).toContainText("http");
  await shoot(page, "requests");

  const classes = page.getByRole("group", { name: "Status class" });
  await classes.getByRole("button", { name: "4xx" }).click();
  await expect(rows).toHaveCount(3);
  await classes.getByRole("button", { name: "2xx" }).click();
  await expect(rows).toHaveCount(2);
  await classes.getByRole("button", { name: "5xx" }).click();
  await expect(page.getByText("No calls match these filters")).toBeVisible();
  await classes.getByRole("button", { name: "All" }).click();

  await page.getByLabel("Operation").selectOption("collect.push");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Operation").selectOption("");
  await page.getByLabel("Scenario").selectOption("name_mismatch");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("/identity/v1/verifications");
  await page.getByLabel("Scenario").selectOption("");

  await page.getByLabel("Search calls").fill(calls[2]!.requestId);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`requestId=${calls[2]!.requestId}`));

  // Open it: request and response with headers and bodies; the token was redacted when written.
  await rows.first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "GET /collect/v1/push/chk_missing" })).toBeVisible();
  await expect(page.getByText("Bearer [redacted]")).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByLabel("Response body", { exact: true })).toContainText('"error": "NOT_FOUND"');
  await expect(page.getByText("x-svc-scenario")).toBeVisible();
  await shoot(page, "request-detail");
  await page.getByRole("link", { name: "← Request log" }).click();
  await expect(rows).toHaveCount(1); // the search is kept

  // A bad filter through the JSON route is a 400 with the rule, not a 500.
  const bad = await page.request.get(`/api/console/apps/${appId}/requests?status=3xx`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toBe("status must be one of 2xx, 4xx, 5xx");
});

test("100,000 rows for one app: pages load through the JSON route and the page", async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await seedApp({ name: "Busy app" });
  const busy = (await cli("app", "create", "--owner", email, "--name", "Very busy app")).appId as string;
  await seedRequestLog(busy, 100_000);
  await startSession(page, email);

  const api = `/api/console/apps/${busy}/requests`;
  const first = await (await page.request.get(`${api}?status=4xx`)).json();
  expect(first.items).toHaveLength(50);
  expect(first.items.every((r: { status: number }) => r.status === 404)).toBe(true);
  const second = await (await page.request.get(`${api}?status=4xx&before=${first.nextBefore}`)).json();
  expect(second.items).toHaveLength(50);
  expect(second.items[0].seq).toBeLessThan(first.items.at(-1).seq);
  // The very first seeded row (a 500) by its request id, then the page before the one after it.
  const firstRow = (await (await page.request.get(`${api}?requestId=req_seed${busy.slice(4, 12)}0000000`)).json()).items[0];
  expect(firstRow.status).toBe(500);
  const oldest = await (await page.request.get(`${api}?status=5xx&before=${firstRow.seq + 3}`)).json();
  expect(oldest.items.map((r: { seq: number }) => r.seq)).toEqual([firstRow.seq]);
  expect(oldest.nextBefore).toBeNull();
  const found = await (await page.request.get(`${api}?requestId=${first.items[3].requestId}`)).json();
  expect(found.items.map((r: { seq: number }) => r.seq)).toEqual([first.items[3].seq]);

  await page.goto(`/apps/${busy}/requests?status=5xx`);
  const rows = page.getByRole("table", { name: "Requests" }).locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: "Load older" }).click();
  await expect(rows).toHaveCount(100);
});
