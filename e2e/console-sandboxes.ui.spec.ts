// Throwaway sandboxes in the console: the parent's overview lists its live
// sandboxes counting down, each deletable; a sandbox's own pages sit under
// its parent with an "expires in …" badge; an ended one leaves the list and
// its pages answer 404 (one made with a short life, made last: the test waits
// out its life, not more). Screenshots at 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { violationsIn } from "./helpers/axe";
import { fetchToken, gatewayCall, origin, seedApp, shoot, startSession } from "./helpers/console";

test("a parent's sandboxes count down and can be deleted; a sandbox's pages carry its parent and its end", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, appId, keys } = await seedApp({ name: "Checkout service", groups: ["Payments"], keys: true });
  const token = (await fetchToken(keys!.consumerKey, keys!.consumerSecret)).body.access_token!;
  const make = async (ttlSeconds: number, name: string) => {
    const r = await gatewayCall(token, "POST", "/dev/v1/sandboxes", { ttlSeconds, name });
    expect(r.status).toBe(201);
    return r.body as { appId: string; consumerKey: string; consumerSecret: string; expiresAt: string };
  };
  const long = await make(900, "ci-job-4812");
  const childToken = (await fetchToken(long.consumerKey, long.consumerSecret)).body.access_token!;
  expect((await gatewayCall(childToken, "GET", "/collect/v1/push/chk_from_ci")).status).toBe(200);

  await startSession(page, email);
  await page.goto("/apps");
  const other = await make(900, "ci-job-4813");
  // The apps list shows the app, not its sandboxes.
  await expect(page.getByRole("list", { name: "Your apps" }).getByRole("link")).toHaveCount(1);
  await page.getByRole("link", { name: /Checkout service/ }).click();
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Throwaway sandboxes" }) });
  await expect(card.getByText("2 live · at most 50")).toBeVisible();
  const table = card.getByRole("table", { name: "Live throwaway sandboxes" });
  const otherRow = table.getByRole("row").filter({ hasText: "ci-job-4813" });
  await expect(table.getByRole("row").filter({ hasText: "ci-job-4812" })).toContainText(/in 1?\d min \d\d s/);
  // the countdown moves every second
  const first = await otherRow.getByRole("time").textContent();
  await expect(otherRow.getByRole("time")).not.toHaveText(first!);
  await expect(otherRow).toContainText(/in 1?\d min \d\d s/);
  expect(await violationsIn(page, "main")).toEqual([]);
  await shoot(page, "sandboxes-parent");

  // A sandbox's own pages: under its parent, with its end counted down.
  await table.getByRole("link", { name: "ci-job-4812" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${long.appId}$`));
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Checkout service" })).toHaveAttribute("href", `/apps/${appId}`);
  await expect(page.getByText("Throwaway sandbox", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).locator("..").getByText(/^expires in 1?\d min \d\d s$/)).toBeVisible();
  await expect(page.getByText(/A throwaway sandbox of Checkout service, made for one test run/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Throwaway sandboxes" })).toHaveCount(0); // a sandbox makes none
  expect(await violationsIn(page, "main")).toEqual([]);
  await shoot(page, "sandbox-child");
  // its pages work like any app's: its request log has its call, not the parent's
  await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Request log" }).click();
  await expect(page.getByText("/collect/v1/push/chk_from_ci")).toBeVisible();
  await shoot(page, "sandbox-child-requests");

  // Deleting it from the parent's list: its keys are refused at once.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Checkout service" }).click();
  await card.getByRole("button", { name: "Delete ci-job-4812" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete sandbox" }).click();
  await expect(table.getByRole("row").filter({ hasText: "ci-job-4812" })).toHaveCount(0);
  expect((await gatewayCall(childToken, "GET", "/collect/v1/push/chk_1")).status).toBe(401);

  // One made to end soon ends while the page is open: it leaves the list, and its pages are gone.
  // (Its life is what the page needs to show it first; the test waits it out.)
  const ended = await fetch(`${origin}/sandbox/dev/v1/sandboxes/${other.appId}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  expect(ended.status).toBe(204);
  const short = await make(30, "ci-job-4814");
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: "ci-job-4814" })).toContainText(/in \d+ s/);
  await expect(card.getByText("No live sandboxes.")).toBeVisible({ timeout: Date.parse(short.expiresAt) - Date.now() + 10_000 });
  await shoot(page, "sandboxes-parent-empty");
  const gone = await page.goto(`/apps/${short.appId}`);
  expect(gone?.status()).toBe(404);
});
