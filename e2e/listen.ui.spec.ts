// "Receive callbacks on localhost": the app's page shows the listen command with
// this portal's address and links the download and the guide (/docs/listen).
import { expect, test } from "@playwright/test";
import { fetchToken, gatewayCall, origin, seedApp, shoot, startSession } from "./helpers/console";

test("the app's page shows the listen command; the guide explains it", async ({ page }) => {
  const { email, appId } = await seedApp({ name: "Listen app" });
  await startSession(page, email);
  await page.goto(`/apps/${appId}`);
  await expect(page.getByRole("heading", { name: "Receive callbacks on localhost" })).toBeVisible();
  const card = page.locator("pre").filter({ hasText: "node sandbox.mjs listen" });
  await expect(card).toContainText(`curl -fsSO ${origin}/cli/sandbox.mjs`);
  await expect(card).toContainText(`SANDBOX_URL=${origin} SANDBOX_KEY=<consumer key>`);
  await expect(card).toContainText("node sandbox.mjs listen --forward-to http://localhost:8080/callbacks");
  await expect(page.getByRole("link", { name: "Download sandbox.mjs" })).toHaveAttribute("href", "/cli/sandbox.mjs");
  await shoot(page, "app-listen");

  await page.getByRole("link", { name: "How it works" }).click();
  await expect(page).toHaveURL(/\/docs\/listen$/);
  await expect(page.getByRole("heading", { name: "Callbacks on localhost", level: 1 })).toBeVisible();
  await expect(page.locator("pre").filter({ hasText: `curl -fsSO ${origin}/cli/sandbox.mjs` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Callbacks on localhost" }).first()).toHaveAttribute("href", "/docs/listen");
  await shoot(page, "docs-listen");
});

/** The first `inbox` event of the app's listener stream, read for at most 2 s. */
async function firstInboxEvent(token: string): Promise<{ id: string; deliveryId: string } | undefined> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 2000);
  let text = "";
  try {
    const r = await fetch(`${origin}/sandbox/dev/v1/inbox/stream?after=0`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
    const reader = r.body!.getReader();
    while (!/event: inbox\ndata: .*\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    /* aborted: nothing yet */
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  const m = /event: inbox\ndata: (.*)\n/.exec(text);
  return m ? JSON.parse(m[1]!) : undefined;
}

test("a delivery's page shows what the developer's server answered through a listener", async ({ page }) => {
  const { email, appId, inspectorUrl, keys } = await seedApp({ name: "Relay app", groups: ["Messaging"], keys: true });
  const { body: t } = await fetchToken(keys!.consumerKey, keys!.consumerSecret);
  const sms = await gatewayCall(t.access_token!, "POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi", callbackUrl: inspectorUrl }, { "x-svc-time-scale": "0" });
  expect(sms.status).toBe(202);
  // The callback reaches the inspector; a listener reports what the local server answered (as sandbox.mjs does).
  let entry: { id: string; deliveryId: string } | undefined;
  await expect.poll(async () => (entry = await firstInboxEvent(t.access_token!))?.deliveryId, { timeout: 20_000 }).toMatch(/^dlv_/);
  const report = await gatewayCall(t.access_token!, "POST", "/dev/v1/inbox/relays", {
    listener: "laptop pid 42", target: "http://localhost:8080/callbacks", inboxEntryId: entry!.id, deliveryId: entry!.deliveryId,
    status: 500, error: "HTTP 500", responseBody: "signature mismatch", durationMs: 7,
  });
  expect(report.status).toBe(201);

  await startSession(page, email);
  await page.goto(`/apps/${appId}/callbacks/${entry!.deliveryId}`);
  const relays = page.getByRole("list", { name: "Relays to your server" });
  await expect(relays).toContainText("500");
  await expect(relays).toContainText("http://localhost:8080/callbacks");
  await expect(relays).toContainText("by laptop pid 42");
  await expect(relays).toContainText("signature mismatch");
  await shoot(page, "delivery-relays");
});
