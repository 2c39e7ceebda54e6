// The inspector inbox updates live while the page is open;
// each entry opens to its headers and pretty-printed JSON body.
import { expect, test } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

test("inspector inbox: entries arrive live, newest first, and open to headers and body", async ({ page }) => {
  const { email, appId, inspectorUrl, keys } = await seedApp({ groups: ["Payments"], keys: true });
  await startSession(page, email);
  await page.goto(`/apps/${appId}/inspector`);
  await expect(page.getByText("Nothing received yet")).toBeVisible();
  await expect(page.getByText(inspectorUrl, { exact: true })).toBeVisible();
  await shoot(page, "inspector-empty");

  // Anything POSTed to the address shows up without a reload.
  const r = await fetch(inspectorUrl, { method: "POST", headers: { "content-type": "application/json", "x-test": "hello" }, body: '{"hello":"world","n":[1,2]}' });
  expect(r.status).toBe(200);
  const entries = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);

  // A real callback: Collect push to the inspector address.
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: inspectorUrl, amount: 2 }));
  expect(push.status).toBe(202);
  await expect(entries).toHaveCount(2, { timeout: 20_000 });
  await expect(entries.first()).toContainText("dlv_"); // newest first: the callback

  await entries.first().locator("summary").click();
  await expect(entries.first().getByLabel("Received body")).toContainText(`"checkoutId": "${push.body.checkoutId}"`);
  await expect(entries.first()).toContainText("x-svc-signature");
  await expect(entries.first()).toContainText("Svc-Sandbox/1.0");

  await entries.nth(1).locator("summary").click();
  // Pretty-printed: one key per line, indented.
  expect(await entries.nth(1).getByLabel("Received body").textContent()).toBe('{\n  "hello": "world",\n  "n": [\n    1,\n    2\n  ]\n}');
  await expect(entries.nth(1)).toContainText("x-test");
  await shoot(page, "inspector");
});

// links both ways (inbox entry → callback → request → callback →
// inbox), and "Load older" reaching the oldest kept entry past the first page.
test("inbox: an entry links to its callback and request and back; Load older reaches the oldest entry", async ({ page }) => {
  const { email, appId, inspectorUrl, keys } = await seedApp({ groups: ["Payments"], keys: true });
  for (let i = 0; i < 55; i++) {
    const r = await fetch(inspectorUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ oldest: i === 0, n: i }) });
    expect(r.status).toBe(200);
  }
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: inspectorUrl, amount: 2, reference: "INV-LINKS" }));
  expect(push.status).toBe(202);

  await startSession(page, email);
  await page.goto(`/apps/${appId}/inspector`);
  const entries = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(entries.first()).toContainText("dlv_", { timeout: 20_000 });
  await expect(entries).toHaveCount(50);
  await page.getByRole("button", { name: "Load older" }).click();
  await expect(entries).toHaveCount(56);
  await entries.last().locator("summary").click();
  await expect(entries.last().getByLabel("Received body")).toContainText('"oldest": true');
  await expect(entries.last()).toContainText("Unsigned");
  await expect(page.getByRole("button", { name: "Load older" })).toHaveCount(0);

  // Search by the reference: only the callback's entry, signed, with its callback and request.
  await page.getByLabel("Search the inbox").fill("INV-LINKS");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText("Signature valid");
  await expect(entry).toContainText("Answered 200");
  await entry.locator("summary").click();
  const dlv = (await entry.getByRole("region", { name: "Where it came from" }).getByRole("link", { name: /^dlv_/ }).textContent())!;
  await expect(entry.getByRole("link", { name: /POST \/collect\/v1\/push/ })).toHaveAttribute("href", `/apps/${appId}/requests/${push.requestId}`);
  await expect(entry.getByRole("region", { name: "Listener relays" })).toContainText("to relay callbacks to your own server");
  await shoot(page, "inbox-entry");

  // entry → callback → request → callback → inbox
  await entry.getByRole("link", { name: dlv }).click();
  await expect(page).toHaveURL(new RegExp(`/callbacks/${dlv}$`));
  await page.getByRole("list", { name: "Related" }).getByRole("link", { name: new RegExp(push.requestId) }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${push.requestId}$`));
  await page.getByRole("list", { name: "Related" }).getByRole("link", { name: dlv }).click();
  await expect(page).toHaveURL(new RegExp(`/callbacks/${dlv}$`));
  await page.getByRole("list", { name: "Related" }).getByRole("link", { name: "received once" }).click();
  await expect(page).toHaveURL(new RegExp(`/inspector\\?delivery=${dlv}$`));
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(dlv);
});

test("inspector answer mode: a preset saves, the next POST gets that answer; the inbox clears after confirming", async ({ page }) => {
  const { email, appId, inspectorUrl } = await seedApp();
  await startSession(page, email);
  await page.goto(`/apps/${appId}/inspector`);
  await expect(page.getByTestId("inspector-mode-summary")).toHaveText('Answers 200 {"received": true} at once.');
  await page.getByRole("button", { name: "Fail twice, then succeed" }).click();
  await expect(page.getByRole("button", { name: "Fail twice, then succeed" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("inspector-mode-summary")).toContainText("500 to the first 2 deliveries of each callback");
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push((await fetch(inspectorUrl, { method: "POST", headers: { "x-svc-delivery": "dlv_try" }, body: "{}" })).status);
  expect(answers).toEqual([500, 500, 200]);
  await page.getByLabel("Status").fill("418");
  await page.getByLabel("Fail first N").fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved");
  expect((await fetch(inspectorUrl, { method: "POST", body: "{}" })).status).toBe(418);
  await page.getByLabel("Delay (ms)").fill("20000");
  await page.getByRole("button", { name: "Save" }).click();
  // The refusal names its field, so it is said under that field (lib/validation.ts parseOrThrow).
  await expect(page.getByRole("alert").filter({ hasText: "delayMs must be at most 15000" })).toBeVisible();
  await expect(page.getByLabel("Delay (ms)")).toHaveAttribute("aria-invalid", "true");

  const entries = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText("Answered 418");
  await shoot(page, "inspector-modes");
  await page.getByRole("button", { name: "Clear inbox" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Clear inbox" }).click();
  await expect(page.getByText("Nothing received yet")).toBeVisible();
});
