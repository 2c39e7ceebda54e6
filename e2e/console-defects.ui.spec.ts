// The defects a new user found, each checked in Chromium at desktop
// (1280) and phone (390) width where the width matters.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { cli, collectBody, fetchToken, gatewayCall, origin, PASSWORD, seedApp, seedUser, shoot, startSession } from "./helpers/console";

// Several browser contexts and sign-ins per test: give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }] as const;

/** The open dialog fits the viewport, reads left to right and nothing in it runs past its edge. */
async function expectReadableDialog(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const vp = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
  const layout = await dialog.evaluate((d) => {
    const kids = [...d.querySelectorAll("h2, p, div")] as HTMLElement[];
    return {
      align: getComputedStyle(d.querySelector("h2")!).textAlign,
      overflowing: kids.filter((k) => k.scrollWidth > k.clientWidth + 1).map((k) => k.outerHTML.slice(0, 80)),
      right: Math.max(...kids.map((k) => k.getBoundingClientRect().right)),
      dialogRight: d.getBoundingClientRect().right,
    };
  });
  expect(["left", "start"]).toContain(layout.align);
  expect(layout.overflowing).toEqual([]);
  expect(layout.right).toBeLessThanOrEqual(layout.dialogRight + 0.5);
}

test("1: Revoke-key and Suspend-app confirmations are readable at both widths", async ({ browser }) => {
  const a = await seedApp({ name: "Dialog check", keys: true });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/keys`);
  for (const vp of WIDTHS) {
    await page.setViewportSize(vp);
    await page.getByRole("button", { name: `Revoke ${a.keys!.consumerKey}` }).click();
    await expectReadableDialog(page, page.getByRole("dialog", { name: "Revoke this key pair?" }));
    await page.screenshot({ path: `e2e/screenshots/console-dialog-revoke-${vp.width}.png` });
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  }
  const op = await (await browser.newContext()).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  for (const vp of WIDTHS) {
    await op.setViewportSize(vp);
    await op.getByRole("button", { name: "Suspend Dialog check" }).first().click();
    await expectReadableDialog(op, op.getByRole("dialog", { name: "Suspend Dialog check?" }));
    await op.screenshot({ path: `e2e/screenshots/console-dialog-suspend-${vp.width}.png` });
    await op.keyboard.press("Escape");
  }
  await ctx.close();
});

test("2: the console says where the default callback URL applies (SMS only)", async ({ page }) => {
  const a = await seedApp();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}`);
  const hint = page.getByText(/Used only by Send an SMS/);
  await expect(hint).toContainText("Send a payment prompt (POST /collect/v1/push) and Send a payout (POST /payouts/v1/send) require callbackUrl");
  await expect(page.getByText("when a request has no callbackUrl")).toHaveCount(0);
  await page.goto("/docs/callbacks");
  await expect(page.getByRole("main")).toContainText("require it in every request");
  await expect(page.getByRole("main")).toContainText("Send an SMS (POST /messaging/v1/sms) may leave it out");
});

test("3: every kept inspector entry is reachable, past the first 50", async ({ page }) => {
  const a = await seedApp();
  for (let i = 0; i < 57; i++) {
    const r = await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: i }) });
    expect(r.status).toBe(200);
  }
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/inspector`);
  const items = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(items).toHaveCount(50);
  await page.getByRole("button", { name: "Load older" }).click();
  await expect(items).toHaveCount(57);
  await expect(items.last()).toContainText("bytes");
  await expect(page.getByRole("button", { name: "Load older" })).toHaveCount(0);
});

test("4: a console link opened signed out lands there after sign-in; foreign targets do not", async ({ page }) => {
  const a = await seedApp();
  const target = `/apps/${a.appId}/requests?status=4xx`;
  await page.goto(target);
  await expect(page).toHaveURL(/\/signin\?next=/);
  expect(new URL(page.url()).searchParams.get("next")).toBe(target);
  await page.getByLabel("Email").fill(a.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${origin}${target}`);
  await expect(page.getByRole("heading", { name: "Request log" })).toBeVisible();

  const ctx = await page.context().browser()!.newContext();
  const other = await ctx.newPage();
  await other.goto(`${origin}/signin?next=${encodeURIComponent("//example.com/x")}`);
  await other.getByLabel("Email").fill(a.email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL(`${origin}/apps`);
  await ctx.close();
});

test("5: calls refused before the body was read keep what was sent, or say why not", async ({ page }) => {
  const a = await seedApp({ keys: true }); // no subscription yet
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const body = collectBody({ callbackUrl: "https://example.com/cb", reference: "REFUSED-BODY-1" });
  const refused = await gatewayCall(token, "POST", "/collect/v1/push", body);
  expect(refused.body.error).toBe("NOT_SUBSCRIBED");
  await cli("subscribe", "--app", a.appId, "--group", "Payments");
  const big = await fetch(`${origin}/sandbox/collect/v1/push`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...body, pad: "x".repeat(70 * 1024) }),
  });
  expect(big.status).toBe(413);

  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/requests/${refused.requestId}`);
  await expect(page.getByLabel("Request body", { exact: true })).toContainText("REFUSED-BODY-1");
  await page.goto(`/apps/${a.appId}/requests/${big.headers.get("x-request-id")}`);
  await expect(page.getByText("Not kept: the body was larger than the size limit")).toBeVisible();
  await shoot(page, "request-413");
});

test("6: the request log shows new calls by itself", async ({ page }) => {
  const a = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/requests`);
  await expect(page.getByText("No calls yet")).toBeVisible();
  const call = await gatewayCall(token, "GET", "/collect/v1/push/chk_missing");
  await expect(page.getByRole("table", { name: "Requests" })).toContainText(call.requestId, { timeout: 10_000 });
});

test("7: at 390 px every table keeps its status and action columns and every app tab on screen", async ({ browser }) => {
  const a = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }));
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await startSession(page, a.email);
  const onScreen = async (loc: Locator) => {
    const b = (await loc.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  };
  const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(`/apps/${a.appId}/keys`);
  for (const t of ["Overview", "Keys", "Subscriptions", "Callbacks", "Request log", "Inspector"]) {
    await onScreen(page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: t }));
  }
  await onScreen(page.getByRole("button", { name: `Revoke ${a.keys!.consumerKey}` }));
  await onScreen(page.getByRole("table", { name: "Key pairs" }).getByRole("cell", { name: "Active" }));
  await noSideScroll();

  await page.goto(`/apps/${a.appId}/requests`);
  const req = page.getByRole("table", { name: "Requests" }).locator("tbody tr").first();
  await onScreen(req.getByText("202"));
  await noSideScroll();

  await page.goto(`/apps/${a.appId}/callbacks`);
  const cb = page.getByRole("table", { name: "Callbacks" }).locator("tbody tr").first();
  await expect(cb.getByText(/Delivered|Scheduled|Sending/)).toBeVisible();
  await onScreen(cb.getByText(/Delivered|Scheduled|Sending/));
  await onScreen(page.getByRole("table", { name: "Callbacks" }).getByRole("columnheader", { name: "HTTP" }));
  await noSideScroll();

  const op = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  await onScreen(op.getByRole("table", { name: "All apps" }).getByRole("button").first());
  expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ctx.close();
});

test("8: a body with several invalid fields reports all of them", async () => {
  const a = await seedApp({ groups: ["Payments"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const r = await gatewayCall(token, "POST", "/collect/v1/push", { shortCode: "174379", amount: -5, currency: "EUR", reference: "X" });
  expect(r.status).toBe(400);
  expect(r.body.error).toBe("VALIDATION_ERROR");
  expect(Object.keys(r.body).sort()).toEqual(["details", "error", "message", "requestId"]);
  const fields = r.body.details.map((d: { field: string }) => d.field);
  expect(fields).toEqual(expect.arrayContaining(["amount", "currency", "phoneNumber", "callbackUrl"]));
  for (const f of fields) expect(r.body.message).toContain(f);
});

test("9: unknown pages show the portal's 404", async ({ page }) => {
  for (const p of ["/nope", "/docs/collect/nope"]) {
    const r = await page.goto(p);
    expect(r?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference" })).toBeVisible();
  }
  await shoot(page, "404");
});

test("10: operators confirm a review with a reason the owner sees", async ({ browser }) => {
  const a = await seedApp({ name: "Reason check", groups: ["Treasury"] });
  const op = await (await browser.newContext()).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  await op.getByRole("button", { name: "Reject Treasury for Reason check" }).click();
  const dialog = op.getByRole("dialog", { name: "Reject Treasury for Reason check?" });
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Reason is required");
  await dialog.getByLabel("Reason").fill("Treasury needs a registered business; add its number and ask again.");
  await shoot(op, "operator-reject");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  // Reviewed: out of the pending reviews, still among all apps.
  await expect(op.getByRole("table", { name: "Pending reviews" }).getByRole("row", { name: /Reason check/ })).toHaveCount(0);
  await expect(op.getByRole("table", { name: "All apps" }).getByRole("row", { name: /Reason check/ })).toHaveCount(1);

  const owner = await (await browser.newContext()).newPage();
  await startSession(owner, a.email);
  await owner.goto(`/apps/${a.appId}/subscriptions`);
  const card = owner.getByRole("listitem", { name: "Treasury" });
  await expect(card).toContainText("Rejected");
  await expect(card).toContainText("Reason: Treasury needs a registered business");
  await shoot(owner, "subscription-rejected");
});

test("11: retry on network failure, field errors, plan name, whole rows, titles, docs link, favicon", async ({ page }) => {
  const a = await seedApp({ name: "Smalls", groups: ["Payments", "Messaging"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  await startSession(page, a.email);

  // A failed load reads as a sentence with Try again, not "Failed to fetch".
  await page.route("**/api/console/apps/*/keys", (route) => route.abort());
  await page.goto(`/apps/${a.appId}/keys`);
  await expect(page.getByRole("alert").filter({ hasText: "Try again" })).toContainText("could not be reached");
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
  await page.unroute("**/api/console/apps/*/keys");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("table", { name: "Key pairs" })).toBeVisible();
  await expect(page).toHaveTitle("Keys · Smalls · Svc Sandbox");

  // The callback-URL error is shown under the callback URL field.
  await page.goto("/apps");
  await page.getByRole("button", { name: "New app" }).click();
  await page.getByLabel("App name").fill("Second");
  await page.getByLabel("Default callback URL (optional)").fill("ftp://example.com/x");
  await page.getByRole("button", { name: "Create app" }).click();
  await expect(page.getByLabel("Default callback URL (optional)")).toHaveAccessibleDescription(/callback URL must be an http or https URL/i);
  await expect(page.getByLabel("App name")).not.toHaveAttribute("aria-invalid", "true");

  // The plan name follows an operator's limit.
  await cli("app", "limit", "--app", a.appId, "--per-minute", "500");
  await page.goto(`/apps/${a.appId}`);
  await expect(page.getByText("500 calls per minute (set by an operator; the Sandbox plan has 60)")).toBeVisible();

  // An SMS with no callbackUrl and no default: the callback is "not sent", its body not "Body sent".
  const sms = await gatewayCall(token, "POST", "/messaging/v1/sms", { to: "254712345678", message: "hi", senderId: "SVC" });
  expect(sms.status).toBeLessThan(300);
  await page.goto(`/apps/${a.appId}/callbacks`);
  const row = page.getByRole("table", { name: "Callbacks" }).locator("tbody tr").first();
  await row.getByText("Not sent").click(); // not the link: the row opens
  await expect(page).toHaveURL(/\/callbacks\/dlv_/);
  await expect(page.getByRole("heading", { name: "Body (not sent)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Body sent" })).toHaveCount(0);

  // Docs lead back to the console; the favicon exists. (Next's internal Vary on
  // gateway answers goes with the lead's own server, which serves /sandbox itself.)
  await page.goto("/docs");
  await page.getByRole("link", { name: "Console →", exact: true }).click();
  await expect(page).toHaveURL(/\/apps$/);
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
});
