// The Go-live tab: the checklist with progress, "Run checks" on a receiver (one
// that answers 200 to anything, then a careful one: the Standard Webhooks
// library with its tolerance), each case expandable with what was sent, what
// came back, why and what to do; and signature explain, loaded from an inbox
// entry whose signature is invalid. Screenshots at 1280 and 390 px.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { cli, collectBody, fetchToken, gatewayCall, seedApp, shoot, startSession } from "./helpers/console";

/** A receiver on this machine: `verify` null answers 200 to anything. */
async function receiver(secret: string | null) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      try {
        if (secret) new Webhook(secret).verify(Buffer.concat(chunks).toString("utf8"), req.headers as Record<string, string>);
        res.writeHead(200).end("ok");
      } catch {
        res.writeHead(401).end("bad signature");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, close: () => new Promise((r) => server.close(r)) };
}

test("go live: checklist, receiver checks with their cases, and explain from an invalid inbox entry", async ({ page }) => {
  test.setTimeout(300_000);
  const { email, appId, inspectorUrl, keys } = await seedApp({ groups: ["Payments"], keys: true });
  const { signingSecret } = await cli("app", "rotate-secret", "--app", appId, "--grace-hours", "0");
  const careless = await receiver(null);
  const careful = await receiver(signingSecret);
  try {
    await startSession(page, email);
    await page.goto(`/apps/${appId}`);
    await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Go live" }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}/go-live$`));

    // The checklist, before anything happened.
    const checklist = page.getByRole("list", { name: "Checklist" });
    await expect(checklist).toContainText("Not run yet");
    await expect(page.getByRole("progressbar", { name: "Ready to go live" })).toHaveAttribute("aria-valuenow", "0");
    await expect(page.getByRole("progressbar", { name: "Scenarios exercised" })).toHaveAttribute("aria-valuemax", "9");

    // A call flips its scenario to exercised.
    const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
    const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: inspectorUrl }), { "x-svc-time-scale": "0" });
    expect(push.status).toBe(202);
    await page.reload();
    await expect(page.getByRole("progressbar", { name: "Scenarios exercised" })).toHaveAttribute("aria-valuenow", "1");
    await page.locator("summary", { hasText: "POST /collect/v1/push" }).click();
    const paid = page.getByRole("list", { name: "Scenarios of collect.push" }).getByRole("listitem").filter({ hasText: "paid" }).first();
    await expect(paid.getByRole("img", { name: "exercised", exact: true })).toBeVisible();

    // Run checks on a receiver that answers 200 to anything: five forgeries fail, each says why.
    const url = page.getByLabel("Callback URL to check");
    await url.fill(careless.url);
    await page.getByRole("button", { name: "Run checks" }).click();
    const runs = page.getByRole("region", { name: "Receiver check runs" });
    await expect(runs).toContainText("2 of 7 cases", { timeout: 40_000 });
    await expect(runs).toContainText("Failed");
    const cases = runs.getByRole("region", { name: /^Cases of rck_/ });
    await expect(cases.getByText("Why:").first()).toBeVisible();
    await expect(cases).toContainText("Your server answered 200 to a callback whose body was changed after signing: it does not check the signature against the raw body.");
    await expect(cases.getByRole("link", { name: "Verify the signature" }).first()).toHaveAttribute("href", /\/docs\/callbacks#verify$/);
    await expect(cases.getByRole("region", { name: "tampered_body: sent" })).toContainText("webhook-signature");
    await expect(checklist).toContainText("5 failed", { timeout: 15_000 });
    await shoot(page, "go-live-failed");

    // The careful receiver passes every case.
    await url.fill(careful.url);
    await page.getByRole("button", { name: "Run checks" }).click();
    await expect(runs.locator("details").first()).toContainText("7 of 7 cases", { timeout: 40_000 });
    await expect(runs.locator("details").first()).toContainText("Passed");
    await expect(checklist).toContainText("passed", { timeout: 15_000 });
    await expect(page.getByRole("progressbar", { name: "Ready to go live" })).toHaveAttribute("aria-valuenow", "1");
    await shoot(page, "go-live");

    // An inbox entry with an invalid signature: the callback's headers on a changed body.
    const wait = await gatewayCall(token, "GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=20`);
    expect(wait.body.status).toBe("ATTEMPTED");
    const { "content-length": _l, ...sentHeaders } = wait.body.attempt.headers as Record<string, string>;
    const forged = await fetch(inspectorUrl, { method: "POST", headers: sentHeaders, body: JSON.stringify({ ...wait.body.delivery.body, amount: 1_000_000 }) });
    expect(forged.status).toBe(200);

    await page.goto(`/apps/${appId}/inspector`);
    const entry = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem").first();
    await expect(entry).toContainText("Signature invalid");
    await entry.locator("summary").first().click();
    await expect(entry.getByRole("region", { name: "Why the signature is invalid" })).toContainText("BODY_CHANGED");
    await entry.getByRole("link", { name: "Explain with your code's signature" }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}/go-live\\?entry=`));
    await expect(page.getByLabel("Raw body as received")).toHaveValue(/"amount":1000000/);
    await page.getByLabel("Secret your code signs with (optional)").fill(`${signingSecret}\n`.replace("\n", " "));
    await page.getByRole("button", { name: "Explain", exact: true }).click();
    const explanation = page.getByRole("region", { name: "Explanation" });
    await expect(explanation).toContainText("Signature invalid");
    await expect(explanation.getByRole("list", { name: "Findings" })).toContainText("BODY_CHANGED");
    await expect(explanation.getByRole("list", { name: "Findings" })).toContainText("SECRET_FORM");
    await expect(explanation).toContainText(`What the sandbox sent as ${wait.body.delivery.id}`);
    await shoot(page, "go-live-explain");
  } finally {
    await careless.close();
    await careful.close();
  }
});
