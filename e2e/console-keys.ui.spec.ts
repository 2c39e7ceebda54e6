// Key pairs: the secret shown once with a warning and a curl
// line that works; the list (created, last used, revoked); revoking stops it at once.
import { expect, test } from "@playwright/test";
import { fetchToken, origin, seedApp, shoot, startSession } from "./helpers/console";

/** The curl line as shown, run the way curl would run it. */
async function runCurl(line: string) {
  const m = line.match(/^curl -u ([^:\s]+):(\S+) -d grant_type=client_credentials (\S+)$/);
  expect(m, `a curl line of the expected shape: ${line}`).toBeTruthy();
  const [, key, secret, url] = m!;
  expect(url).toBe(`${origin}/sandbox/oauth/v1/token`);
  return fetchToken(key!, secret!);
}

test("create a key pair, use the shown curl line, see it used, revoke it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const { email, appId } = await seedApp();
  await startSession(page, email);
  await page.goto(`/apps/${appId}/keys`);
  await expect(page.getByText("No key pairs yet")).toBeVisible();
  await shoot(page, "keys-empty");

  await page.getByRole("button", { name: "Create key pair" }).click();
  const box = page.getByRole("region", { name: "Your new key pair" });
  await expect(box).toBeVisible();
  await expect(box).toContainText("This is the only time it is shown");
  const curl = (await page.getByTestId("curl-line").textContent())!;
  const [, key, secret] = curl.match(/-u ([^:]+):(\S+)/)!;
  expect(secret!.length).toBeGreaterThanOrEqual(32);
  await expect(box.getByText(secret!, { exact: true })).toBeVisible(); // in full
  await box.getByRole("button", { name: "Copy consumer secret" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await box.getByRole("button", { name: "Copy curl command" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
  await shoot(page, "keys-new");

  const row = page.getByRole("row", { name: new RegExp(key!) });
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Active");

  const token = await runCurl(curl);
  expect(token.status).toBe(200);
  expect(token.body.access_token).toBeTruthy();

  // Dismissed: the secret is gone from the page and cannot be shown again.
  await page.getByRole("button", { name: "I have saved the secret" }).click();
  await expect(page.getByText(secret!)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(key!) })).not.toContainText("Never");
  await expect(page.getByText(secret!)).toHaveCount(0);

  // Revoke, after a confirmation: the pair stops working at once.
  await page.getByRole("row", { name: new RegExp(key!) }).getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key pair" }).click();
  await expect(page.getByRole("row", { name: new RegExp(key!) })).toContainText("Revoked");
  const after = await runCurl(curl);
  expect(after.status).toBe(401);
  expect(after.body.error).toBe("INVALID_CLIENT");
  await shoot(page, "keys");
});
