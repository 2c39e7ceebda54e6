// Tables and where the keyboard lands: a 40-character label beside a revoked key
// keeps the active key's Revoke in view at 1280 px; an operator's top bar shows
// "Account" whole at 390 px; the operator's app list marks throwaway sandboxes;
// Create key pair moves focus to the secret panel, Add Payments to what the
// group's card now says; a refused URL reads "URL must be…" under its field.
import { expect, test } from "@playwright/test";
import { fetchToken, gatewayCall, seedApp, seedUser, startSession } from "./helpers/console";

test.describe.configure({ timeout: 180_000 });

// 40 characters, the most a label may have.
const LABEL = "Reconciliation-worker-key-for-production";

test("at 1280 a 40-character label beside a revoked key keeps Revoke in view", async ({ browser }, info) => {
  expect(LABEL).toHaveLength(40);
  const a = await seedApp({ keys: true });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/keys`);
  // The seeded pair gets the long label, and so does a new one…
  await page.getByRole("button", { name: `Edit label of ${a.keys!.consumerKey}` }).click();
  await page.getByLabel(`Label of ${a.keys!.consumerKey}`, { exact: true }).fill(LABEL);
  await page.getByRole("button", { name: "Save label" }).click();
  await expect(page.getByLabel(`Label of ${a.keys!.consumerKey}`, { exact: true })).toBeHidden();
  await page.getByLabel("Label for the new key pair (optional)").fill(LABEL);
  await page.getByRole("button", { name: "Create key pair" }).click();
  await page.getByRole("button", { name: "I have saved the secret" }).click();
  // …and the seeded one is revoked: its label beside the new pair's active row.
  await page.getByRole("button", { name: `Revoke ${a.keys!.consumerKey}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key pair" }).click();
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^Revoke / })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^Revoke / })).toBeInViewport({ ratio: 1 });
  // the labels are cut short on screen, whole on hover
  await expect(page.locator(`[title="${LABEL}"]`)).toHaveCount(2);
  await page.screenshot({ path: info.outputPath("1280-keys-long-labels.png"), fullPage: true });
});

test("Create key pair from the keyboard moves focus to the panel with the secret", async ({ page }) => {
  const a = await seedApp();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/keys`);
  const label = page.getByLabel("Label for the new key pair (optional)");
  await label.fill("ci");
  await label.press("Enter");
  const panel = page.getByRole("region", { name: "Your new key pair" });
  await expect(panel).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Copy consumer key" })).toBeFocused();
});

test("Add Payments moves focus to what the group's card now says", async ({ page }) => {
  const a = await seedApp();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/subscriptions`);
  const add = page.getByRole("button", { name: "Add Payments to this app" });
  await add.focus();
  await page.keyboard.press("Enter");
  const result = page.getByRole("group", { name: "Payments status" });
  await expect(result).toBeFocused();
  await expect(result).toContainText("Working since");
});

test("at 390 an operator's top bar shows Account and Sign out whole; the app list marks throwaway sandboxes", async ({ browser }, info) => {
  const a = await seedApp({ keys: true, groups: ["Payments"] });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const made = await gatewayCall(token, "POST", "/dev/v1/sandboxes", { ttlSeconds: 900, name: "ci-run-390" });
  expect(made.status).toBe(201);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await startSession(page, await seedUser({ operator: true }));
  await page.goto("/operator");
  const nav = page.getByRole("navigation", { name: "Main" });
  // Below 640 px the team switcher stands for Apps, and an operator's Docs makes way (components/console/nav.tsx).
  await expect(nav.getByRole("link", { name: "Apps", exact: true })).toBeHidden();
  await expect(nav.getByRole("button", { name: /^Team: / })).toBeInViewport({ ratio: 1 });
  for (const name of [/^Account /, "Sign out", "Operator"]) {
    const item = nav.getByRole(name === "Sign out" ? "button" : "link", { name });
    await expect(item).toBeInViewport({ ratio: 1 });
    // not cut short: the text fits its box
    expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name}: ${await item.evaluate((el) => `${el.scrollWidth} > ${el.clientWidth}`)}`).toBe(true);
  }
  await expect(nav.getByRole("link", { name: /^Account / }).getByText("Account", { exact: true })).toBeInViewport({ ratio: 1 });
  const sandboxRow = page.getByRole("row").filter({ hasText: "ci-run-390" });
  await expect(sandboxRow.getByText("Throwaway sandbox")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Seeded app" }).first().getByText("Throwaway sandbox")).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("390-operator.png"), fullPage: true });
});

test("a refused URL is worded in sentence case with its field's name, under the field", async ({ page }) => {
  const a = await seedApp({ groups: ["Payments"] });
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/go-live`);
  const url = page.getByLabel("Callback URL to check");
  await url.fill("ftp://shop.example.com/callbacks");
  await url.press("Enter");
  await expect(url).toHaveAccessibleDescription(/URL must be an http or https URL/);
  await expect(page.getByText(/Url must be/)).toHaveCount(0);
});
