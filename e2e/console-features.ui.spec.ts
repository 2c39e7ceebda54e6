// Links between records, search and
// filters, explanations in place, local times, copy as curl, usage, keys and
// apps, account. Desktop and phone screenshots of each new view.
import { expect, test, type Page } from "@playwright/test";
import { startReceiver } from "../tests/helpers/receiver";
import { collectBody, fetchToken, gatewayCall, origin, PASSWORD, seedApp, seedUser, shoot, startSession } from "./helpers/console";

// Several browser contexts and sign-ins per test: give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function appWithCalls() {
  const a = await seedApp({ name: "Linked shop", groups: ["Payments"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  // amount 2: the "cancelled" scenario, whose callback carries resultCode 1032
  const push = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ amount: 2, reference: "ORDER-7731", phoneNumber: "254711000222", callbackUrl: a.inspectorUrl }));
  expect(push.status).toBe(202);
  const status = await gatewayCall(token, "GET", `/collect/v1/push/${push.body.checkoutId}`);
  const refused = await gatewayCall(token, "POST", "/payouts/v1/send", { amount: 5 });
  expect(refused.body.error).toBe("NOT_SUBSCRIBED");
  return { ...a, token, push, status, refused };
}

/** Waits until the callback of `checkoutId` reached the inspector. */
async function waitDelivered(page: Page, appId: string) {
  await page.goto(`/apps/${appId}/callbacks`);
  await expect(page.getByRole("table", { name: "Callbacks" }).locator("tbody tr").first()).toContainText("Delivered", { timeout: 20_000 });
}

test("a request links to its resource and callback, the callback to its request and inbox entry", async ({ page }) => {
  const a = await appWithCalls();
  await startSession(page, a.email);
  await waitDelivered(page, a.appId);

  await page.goto(`/apps/${a.appId}/requests/${a.push.requestId}`);
  const related = page.getByRole("list", { name: "Related" });
  await expect(related).toContainText(`Resource ${a.push.body.checkoutId} created by this call`);
  await expect(related.getByRole("link", { name: /^dlv_/ })).toBeVisible();
  await shoot(page, "request-linked");

  // The status query links back to the call that created the resource.
  await page.goto(`/apps/${a.appId}/requests/${a.status.requestId}`);
  await page.getByRole("list", { name: "Related" }).getByRole("link", { name: "POST /collect/v1/push" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${a.push.requestId}$`));

  await page.getByRole("list", { name: "Related" }).getByRole("link", { name: /^dlv_/ }).click();
  await expect(page).toHaveURL(/\/callbacks\/dlv_/);
  const dlv = page.url().split("/").at(-1)!;
  // resultCode 1032 explained where it appears, linked to the docs
  const explain = page.getByLabel("What the callback reports about the payment");
  await expect(explain).toContainText("resultCode 1032: The customer cancelled the payment prompt.");
  await expect(explain.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs/collect/push#scenario-cancelled");
  const rel = page.getByRole("list", { name: "Related" });
  await expect(rel.getByRole("link", { name: new RegExp(a.push.requestId) })).toBeVisible();
  await shoot(page, "callback-linked");
  await rel.getByRole("link", { name: "received once" }).click();
  await expect(page).toHaveURL(new RegExp(`/inspector\\?delivery=${dlv}$`));
  const items = page.getByRole("list", { name: "Received deliveries" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(dlv);
  await items.first().getByRole("link", { name: dlv }).click();
  await expect(page).toHaveURL(new RegExp(`/callbacks/${dlv}$`));
});

test("search by reference, phone and resource id; filter by error code and date; totals", async ({ page }) => {
  const a = await appWithCalls();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/requests`);
  const rows = page.getByRole("table", { name: "Requests" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("request-total")).toHaveText("3 calls.");
  const search = async (text: string) => {
    await page.getByLabel("Search calls").fill(text);
    await page.getByRole("button", { name: "Find" }).click();
  };
  await search("ORDER-7731"); // in the push's request body
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("POST /collect/v1/push");
  await search("254711000222");
  await expect(rows).toHaveCount(1);
  await search(a.push.body.checkoutId); // the push's answer and the status query's path
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("request-total")).toHaveText("2 calls match.");
  await search(a.push.requestId);
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`requestId=${a.push.requestId}`));
  await search("");

  await page.getByLabel("Error").selectOption("NOT_SUBSCRIBED");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("NOT_SUBSCRIBED");
  await expect(rows.first().locator("abbr")).toHaveAttribute("title", /no \(or a rejected\) subscription/);
  await page.getByLabel("Error").selectOption("");

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From").fill(tomorrow);
  await expect(page.getByText("No calls match these filters")).toBeVisible();
  await page.getByLabel("From").fill("");
  await page.getByLabel("Before").fill(tomorrow);
  await expect(rows).toHaveCount(3);
  await shoot(page, "requests-filters");

  // Callbacks: an operation filter.
  await page.goto(`/apps/${a.appId}/callbacks`);
  const cbRows = page.getByRole("table", { name: "Callbacks" }).locator("tbody tr");
  await expect(cbRows).toHaveCount(1);
  await page.getByLabel("Operation").selectOption("payouts.send");
  await expect(page.getByText("No callbacks match these filters")).toBeVisible();
  await page.getByLabel("Operation").selectOption("collect.push");
  await expect(cbRows).toHaveCount(1);
});

test("errors explained in place; times in the viewer's zone; copy as curl replays the call", async ({ browser }) => {
  const a = await appWithCalls();
  const ctx = await browser.newContext({ timezoneId: "Africa/Nairobi", permissions: ["clipboard-read", "clipboard-write"] });
  const page = await ctx.newPage();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/requests/${a.refused.requestId}`);
  const explain = page.getByLabel("What this means");
  await expect(explain).toContainText("NOT_SUBSCRIBED: The app has no (or a rejected) subscription");
  await expect(explain).toContainText("What to do: Add the group on the app's Subscriptions tab.");
  // Local time, zone named (Nairobi is UTC+3 all year), relative on hover.
  const time = page.locator("time").first();
  await expect(time).toHaveText(/(EAT|GMT\+3)$/);
  await expect(time).toHaveAttribute("title", /ago|just now/);
  await shoot(page, "request-explained");

  await page.goto(`/apps/${a.appId}/requests/${a.push.requestId}`);
  await page.getByRole("button", { name: "Copy as curl" }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl -X POST '${origin}/sandbox/collect/v1/push'`);
  expect(curl).toContain(`-H "authorization: Bearer $TOKEN"`);
  // Replay it as curl would: same method, URL, headers and body.
  const url = /curl -X POST '([^']+)'/.exec(curl)![1]!;
  const body = /--data-raw '(.*)'$/s.exec(curl)![1]!;
  const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
  const replay = await fetch(url, { method: "POST", headers: { ...headers, authorization: `Bearer ${a.token}` }, body: body.replace(/ORDER-7731/, "ORDER-7732") });
  expect(replay.status).toBe(202);
  await page.getByRole("button", { name: "Copy body of the response" }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText())).checkoutId).toBe(a.push.body.checkoutId);
  await ctx.close();
});

test("usage: calls per day and per operation, error rate, this minute's rate-limit use", async ({ page }) => {
  const a = await appWithCalls();
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}`);
  await expect(page.getByTestId("usage-total")).toHaveText("3");
  await expect(page.getByTestId("usage-error-rate")).toHaveText("33.3%");
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole("list", { name: "Calls per day" }).getByRole("listitem", { name: `${today}: 3 calls, 1 error` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Calls per operation" })).toContainText("collect.push");
  // This minute's share counts the calls of the current minute: a call made just
  // before the page is read shows (on a slow machine the minute may turn between
  // the call and the read, so a fresh call and read are tried again).
  await expect(async () => {
    expect((await gatewayCall(a.token, "GET", `/collect/v1/push/${a.push.body.checkoutId}`)).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId("usage-minute")).toHaveText(/^[1-9]\d* \/ 60$/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await shoot(page, "usage");
});

test("keys and apps: labels, rename, withdraw a review request", async ({ page }) => {
  const a = await seedApp({ name: "Before rename", groups: ["Treasury"], keys: true });
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/keys`);
  await page.getByLabel("Label for the new key pair (optional)").fill("production server");
  await page.getByRole("button", { name: "Create key pair" }).click();
  await expect(page.getByRole("row", { name: /production server/ })).toBeVisible();
  await page.getByRole("button", { name: `Edit label of ${a.keys!.consumerKey}` }).click();
  await page.getByLabel(`Label of ${a.keys!.consumerKey}`).fill("laptop");
  await page.getByRole("button", { name: "Save label" }).click();
  await expect(page.getByRole("row", { name: new RegExp(a.keys!.consumerKey) })).toContainText("laptop");
  await shoot(page, "keys-labels");

  await page.goto(`/apps/${a.appId}`);
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("App name").fill("After rename");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("After rename");
  await expect(page).toHaveTitle(/After rename/);

  await page.goto(`/apps/${a.appId}/subscriptions`);
  const card = page.getByRole("listitem", { name: "Treasury" });
  await card.getByRole("button", { name: "Withdraw request for Treasury" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Withdraw" }).click();
  await expect(card).toContainText("Not subscribed");
  const op = await (await page.context().browser()!.newContext()).newPage();
  await startSession(op, await seedUser({ operator: true }));
  await op.goto("/operator");
  await expect(op.getByRole("table", { name: "Pending reviews" }).getByRole("row", { name: /After rename/ })).toHaveCount(0);
});

test("account: change the password, then delete the account with its apps", async ({ page }) => {
  const a = await seedApp({ keys: true });
  await startSession(page, a.email);
  await page.goto("/apps");
  await page.getByRole("link", { name: /Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel("Current password").fill("wrong password!");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(/current password is not right/i);
  await shoot(page, "account");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  // A password change ends every session, this one too: sign in again with the new password.
  await expect(page).toHaveURL(/\/signin\?done=password$/);
  await startSession(page, a.email, "a brand new password");
  await page.goto("/account");

  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // the confirmation names what goes: the account's own team, with its app
  await expect(dialog.getByRole("list", { name: "Deleted with the account" })).toContainText(`${a.email}: Seeded app`);
  await dialog.getByLabel("Your password").fill("a brand new password");
  await dialog.getByRole("button", { name: "Delete account, teams and apps" }).click();
  await expect(page).toHaveURL(`${origin}/`);
  expect((await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).status).toBe(401);
  await page.goto("/signin");
  await page.getByLabel("Email").fill(a.email);
  await page.getByLabel("Password").fill("a brand new password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
});

test("send a copy of a callback to another URL; the delivery itself does not change", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const a = await appWithCalls();
    await startSession(page, a.email);
    await waitDelivered(page, a.appId);
    await page.getByRole("table", { name: "Callbacks" }).getByRole("link").first().click();
    await expect(page.getByTestId("attempt-count")).toHaveText("1");
    await page.getByLabel("Send a copy to another URL").fill(`${receiver.url}/copy`);
    await page.getByRole("button", { name: "Send copy" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sent to" })).toContainText("200");
    const [got] = await receiver.waitFor(1);
    expect(got!.path).toBe("/copy");
    expect(got!.headers["x-svc-delivery"]).toBe(page.url().split("/").at(-1));
    expect(got!.headers["x-svc-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(got!.body).resultCode).toBe(1032);
    await page.reload();
    await expect(page.getByTestId("attempt-count")).toHaveText("1");
    await shoot(page, "callback-send-to");
  } finally {
    await receiver.close();
  }
});

test("docs: samples in Node, Python, PHP and Java, pre-filled for a signed-in reader", async ({ page }) => {
  await page.goto("/docs/collect/push");
  const langs = page.getByRole("group", { name: "Sample language" });
  for (const l of ["Node (18+)", "Python (requests)", "PHP (curl)", "Java (11+)"]) await expect(langs.getByRole("button", { name: l })).toBeVisible();
  await langs.getByRole("button", { name: "Python (requests)" }).click();
  await expect(page.locator("pre", { hasText: "requests.post(" })).toContainText('"callbackUrl": "https://example.com/callbacks"');

  const a = await seedApp({ name: "Docs reader" });
  await startSession(page, a.email);
  await page.goto("/docs/collect/push");
  await expect(page.getByLabel("Pre-filled for your app")).toHaveValue(a.appId);
  await page.getByRole("group", { name: "Sample language" }).getByRole("button", { name: "PHP (curl)" }).click();
  await expect(page.locator("pre", { hasText: "curl_setopt_array" })).toContainText(`"callbackUrl" => "${a.inspectorUrl}"`);
  await shoot(page, "docs-samples");

  await page.goto("/docs/callbacks");
  await page.getByRole("group", { name: "Sample language" }).getByRole("button", { name: "Java" }).click();
  await expect(page.locator("pre", { hasText: "static boolean verifySignature(" })).toBeVisible();
});
