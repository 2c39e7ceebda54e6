// Issue 4, item 7: the inspector inbox updates live while the page is open;
// each entry opens to its headers and pretty-printed JSON body.
import { expect, test } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, seedApp, shoot, signIn } from "./helpers/console";

test("inspector inbox: entries arrive live, newest first, and open to headers and body", async ({ page }) => {
  const { email, appId, inspectorUrl, keys } = seedApp({ groups: ["Payments"], keys: true });
  await signIn(page, email);
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
