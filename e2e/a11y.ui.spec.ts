// Axe on every public, console and docs page: no serious or critical violation
// (e2e/helpers/axe.ts). Each page is loaded once and checked where each rule
// can fail:
// - every rule, in the light scheme, at desktop (1280) and at phone (390)
//   width: the layout, and so what is shown and how, changes with the width;
// - the colour rules (COLOUR_RULES), in the dark scheme, at both widths: the
//   dark scheme is colours only (app/dark-scheme.css turns the palette's tokens
//   over under prefers-color-scheme; no markup or script reads it), so the same
//   document switched to dark (helpers/scheme.ts) is what a dark-scheme reader gets,
//   and only colour can fail there. Every public and console page, and of the
//   docs (one layout and one set of components) the overview and an operation page.
// The other docs pages are checked at phone width only: their content is what
// differs from page to page, and the width where it can fail on its own is the
// narrow one (a wide table becomes a scrolled region, which must be focusable);
// the desktop layout around it is the overview's and the operation page's.
import { expect, test, type Page } from "@playwright/test";
import { COLOUR_RULES, seriousViolations } from "./helpers/axe";
import { collectBody, fetchToken, gatewayCall, panelsLoaded, seedApp, seedUser, startSession } from "./helpers/console";
import { switchScheme } from "./helpers/scheme";

type Width = { width: number; height: number };
const WIDTHS: readonly Width[] = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const PHONE: readonly Width[] = [WIDTHS[1]!];
const DARK_DOCS = new Set(["/docs", "/docs/collect/push"]);

/** The page as it is now: every rule light at `widths` (both unless told), and (if `dark`) the colour rules dark at both. */
async function check(page: Page, where: string, dark = true, widths: readonly Width[] = WIDTHS): Promise<string[]> {
  const problems: string[] = [];
  await switchScheme(page, "light");
  for (const vp of widths) {
    await page.setViewportSize(vp);
    problems.push(...await seriousViolations(page, where));
  }
  if (!dark) return problems;
  await switchScheme(page, "dark");
  for (const vp of [...WIDTHS].reverse()) {
    await page.setViewportSize(vp);
    problems.push(...(await seriousViolations(page, where, COLOUR_RULES)).map((p) => `dark ${p}`));
  }
  return problems;
}

/** Each path loaded (and `ready`), then checked: at both widths and dark where `sample` says, else light at phone width. */
async function audit(page: Page, paths: string[], ready: () => Promise<void> = async () => {}, sample: (path: string) => boolean = () => true): Promise<string[]> {
  const problems: string[] = [];
  for (const p of paths) {
    await page.goto(p);
    await ready();
    problems.push(...await check(page, p, sample(p), sample(p) ? WIDTHS : PHONE));
  }
  return problems;
}

test("the public pages pass axe at both widths, light and dark", async ({ page }) => {
  const problems = await audit(page, ["/", "/signin", "/signup", "/forgot", "/reset", "/verify-email/not-a-link", "/email-verified", "/nope"]);
  expect(problems, problems.join("\n")).toEqual([]);
});

test("every console page passes axe at both widths, light and dark", async ({ page, browser }) => {
  test.setTimeout(360_000);
  const a = await seedApp({ name: "Axe app", groups: ["Payments", "Treasury"], keys: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  const call = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }));
  await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "X-Svc-Scenario": "held" }); // for the Handset
  await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ amount: 0 })); // a refused call in the request log
  await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "application/json" }, body: '{"hello":"inspector"}' });

  const problems: string[] = [];
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/callbacks`);
  const detail = page.getByRole("table", { name: "Callbacks" }).getByRole("link").first();
  const deliveryHref = (await detail.getAttribute("href"))!;
  const own = (await (await page.request.get("/api/console/teams")).json()).teams[0].teamId as string;
  problems.push(...await audit(page, [
    "/apps",
    `/apps?team=${own}`,
    `/teams/${own}`,
    `/teams/${own}/audit`,
    `/apps/${a.appId}`,
    `/apps/${a.appId}/keys`,
    `/apps/${a.appId}/subscriptions`,
    `/apps/${a.appId}/callbacks`,
    deliveryHref,
    `/apps/${a.appId}/requests`,
    `/apps/${a.appId}/requests/${call.requestId}`,
    `/apps/${a.appId}/inspector`,
    `/apps/${a.appId}/handset`,
    `/apps/${a.appId}/resources/${call.body.checkoutId}`,
    `/apps/${a.appId}/testing`,
    `/apps/${a.appId}/go-live`,
    "/account",
    "/account/security",
  ], () => panelsLoaded(page)));
  // the keys page with a new pair's secret shown
  await page.goto(`/apps/${a.appId}/keys`);
  await page.getByRole("button", { name: "Create key pair" }).click();
  await expect(page.getByRole("region", { name: "Your new key pair" })).toBeVisible();
  problems.push(...await check(page, "keys, new secret shown"));

  const op = await (await browser.newContext()).newPage();
  await startSession(op, await seedUser({ operator: true }));
  problems.push(...await audit(op, ["/operator"], () => panelsLoaded(op)));
  expect(problems, problems.join("\n")).toEqual([]);
});

// The docs pages in four parts, each a test of its own (with its own time).
const DOCS_PARTS = 4;
for (let part = 0; part < DOCS_PARTS; part++) {
  test(`every docs page passes axe at phone width, two of them at both widths and dark (part ${part + 1} of ${DOCS_PARTS})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto("/docs");
    const hrefs = await page.locator('a[href^="/docs"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!.split("#")[0]!));
    const paths = [...new Set(["/docs", ...hrefs])];
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toEqual(expect.arrayContaining([...DARK_DOCS]));
    const problems = await audit(page, paths.filter((_, i) => i % DOCS_PARTS === part), async () => {}, (p) => DARK_DOCS.has(p));
    expect(problems, problems.join("\n")).toEqual([]);
  });
}
