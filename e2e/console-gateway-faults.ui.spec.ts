// Faults injected on purpose (X-Svc-Fault) in the console: the request log
// marks each faulted call with what its client saw (the fault table's words)
// and filters them; the request detail's timeline shows the answer lost and
// the retry that found the prompt; the Go-live tab shows the client checks
// (verdict, why, what to do, the calls judged, the docs) and counts them.
// Screenshots at 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { violationsIn } from "./helpers/axe";
import { GATEWAY_FAULTS } from "../lib/engine/gateway-faults";
import { collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

const sees = (name: string) => GATEWAY_FAULTS.find((f) => f.name === name)!.sees;

test("request log marks faults, the timeline shows the retry that found it, Go live shows the client checks", async ({ page }) => {
  test.setTimeout(240_000);
  const { email, appId, keys } = await seedApp({ name: "Shop", groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const push = (reference: string, headers: Record<string, string> = {}) =>
    gatewayCall(token, "POST", "/collect/v1/push", collectBody({ reference, phoneNumber: "254700000111", callbackUrl: "https://example.com/cb" }), headers);

  // A 500 after the prompt went through, and the right retry: the same reference, answered 409.
  const lost = await push("INV-LOST-1", { "x-svc-fault": "error_after_commit" });
  expect(lost.status).toBe(500);
  const found = await push("INV-LOST-1");
  expect(found.status).toBe(409);
  // Another lost answer, and the wrong retry: a new reference for the same prompt.
  expect((await push("INV-LOST-2", { "x-svc-fault": "error_after_commit" })).status).toBe(500);
  const twice = await push("INV-LOST-3");
  expect(twice.status).toBe(202);
  // A callback lost on purpose, and a status read after it.
  const quiet = await push("INV-QUIET-1", { "x-svc-fault": "lost_callback" });
  expect(quiet.status).toBe(202);
  expect((await gatewayCall(token, "GET", `/collect/v1/push/${quiet.body.checkoutId}`)).status).toBe(200);

  await startSession(page, email);
  await page.goto(`/apps/${appId}/requests`);
  const table = page.getByRole("table", { name: "Requests" });
  const lostRow = table.getByRole("row").filter({ hasText: lost.requestId });
  await expect(lostRow.getByTestId("fault-mark")).toContainText(`Answer lost: error_after_commit (on purpose)`);
  await expect(lostRow.getByTestId("fault-mark")).toContainText(sees("error_after_commit"));
  await expect(table.getByRole("row").filter({ hasText: found.requestId }).getByTestId("fault-mark")).toHaveCount(0);

  // Only the faulted calls.
  await page.getByLabel("Fault").selectOption("any");
  await expect(page).toHaveURL(/fault=any/);
  await expect(page.getByTestId("request-total")).toHaveText("3 calls match.");
  await expect(table.getByTestId("fault-mark")).toHaveCount(3);
  await shoot(page, "faults-request-log");
  await page.getByLabel("Fault").selectOption("");

  // The faulted call: its mark, and the prompt's timeline with the retry that found it.
  await page.goto(`/apps/${appId}/requests/${lost.requestId}`);
  await expect(page.getByTestId("fault-mark").first()).toContainText("Answer lost: error_after_commit (on purpose)");
  const timeline = page.getByRole("list", { name: /^Timeline of chk_/ });
  const retry = timeline.getByRole("listitem").filter({ has: page.getByTestId("retry-found") });
  await expect(retry).toContainText("Retry");
  await expect(retry).toContainText("409");
  await expect(retry.getByTestId("retry-found")).toContainText("your retry found it: the first call");
  await expect(timeline.getByRole("listitem").first().getByTestId("fault-mark")).toContainText(sees("error_after_commit"));
  expect(await violationsIn(page, "main")).toEqual([]);
  await shoot(page, "faults-timeline");
  await retry.getByRole("link", { name: "Open the first call" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${lost.requestId}$`));

  // Go live: each client check, counted in the checklist.
  await page.goto(`/apps/${appId}/go-live`);
  const checks = page.getByRole("list", { name: "Client checks" });
  const reuse = checks.locator('[data-check="retry_reuses_reference"]');
  await expect(reuse).toContainText("Failed");
  await expect(reuse).toContainText("your client sent a new prompt with another reference (INV-LOST-3)");
  await expect(reuse).toContainText("What to do:");
  await expect(reuse.getByRole("link", { name: twice.requestId })).toHaveAttribute("href", `/apps/${appId}/requests/${twice.requestId}`);
  await expect(reuse.getByRole("link", { name: "409 DUPLICATE_REFERENCE" })).toHaveAttribute("href", /\/docs\/errors#error-DUPLICATE_REFERENCE$/);
  await expect(checks.locator('[data-check="polls_after_lost_callback"]')).toContainText("Passed");
  await expect(checks.locator('[data-check="honours_retry_after"]')).toContainText("Not exercised");
  await expect(checks.locator('[data-check="renews_expired_token"]')).toContainText("Not exercised");
  const item = page.getByRole("list", { name: "Checklist" }).getByRole("listitem").filter({ hasText: "Your client passes the client checks" });
  await expect(item).toContainText("1 of 4 passed");
  await expect(item).toContainText("1 failed");
  await expect(page.getByRole("progressbar", { name: "Ready to go live" })).toHaveAttribute("aria-valuemax", "4");
  expect(await violationsIn(page, "main")).toEqual([]);
  await page.locator("#client-checks").scrollIntoViewIfNeeded();
  await shoot(page, "faults-go-live");

  await reuse.getByRole("link", { name: twice.requestId }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${twice.requestId}$`));
});
