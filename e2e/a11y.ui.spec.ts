// Axe on every console and docs page, at desktop (1280) and phone
// (390) width, in the light and the dark scheme (the system setting,
// app/dark-scheme.css): no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, seedApp, seedUser, signIn } from "./helpers/console";

const WIDTHS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }] as const;

/** Serious and critical violations of each page at both widths, as lines. */
async function audit(page: Page, paths: string[], ready: (path: string) => Promise<void> = async () => {}): Promise<string[]> {
  const problems: string[] = [];
  for (const p of paths) {
    await page.goto(p);
    await ready(p);
    for (const vp of WIDTHS) {
      await page.setViewportSize(vp);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        problems.push(`${p} @${vp.width}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
      }
    }
  }
  return problems;
}

/** Wait for the client panels to have loaded (no "Loading" placeholders left). */
const loaded = (page: Page) => async () => {
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
};

for (const colorScheme of ["light", "dark"] as const) {
test.describe(colorScheme, () => {
  test.use({ colorScheme });

  test(`the public pages pass axe at both widths (${colorScheme})`, async ({ page }) => {
    test.setTimeout(180_000);
    const problems = await audit(page, ["/", "/signin", "/signup", "/forgot", "/reset", "/nope"]);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test(`every console page passes axe at both widths (${colorScheme})`, async ({ page }) => {
    test.setTimeout(360_000);
    const a = await seedApp({ name: "Axe app", groups: ["Payments", "Treasury"], keys: true });
    const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
    const call = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }));
    await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "X-Svc-Scenario": "held" }); // for the Handset
    await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "application/json" }, body: '{"hello":"inspector"}' });

    const problems: string[] = [];
    await signIn(page, a.email);
    await page.goto(`/apps/${a.appId}/callbacks`);
    const detail = page.getByRole("table", { name: "Callbacks" }).getByRole("link").first();
    const deliveryHref = (await detail.getAttribute("href"))!;
    problems.push(...await audit(page, [
      "/apps",
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
      "/account",
    ], loaded(page)));

    const op = await (await page.context().browser()!.newContext({ colorScheme })).newPage();
    await signIn(op, await seedUser({ operator: true }));
    problems.push(...await audit(op, ["/operator"], loaded(op)));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  // The docs pages in four parts, each a test of its own (with its own time): axe on
  // every page at two widths takes minutes on a busy machine. In the light scheme
  // only: the docs' pages share one layout and components, and the dark scheme's
  // audit of the overview and an operation page is e2e/color-schemes.ui.spec.ts's.
  const DOCS_PARTS = colorScheme === "light" ? 4 : 0;
  for (let part = 0; part < DOCS_PARTS; part++) {
    test(`every docs page passes axe at both widths (part ${part + 1} of ${DOCS_PARTS}, ${colorScheme})`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.goto("/docs");
      const hrefs = await page.locator('a[href^="/docs"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!.split("#")[0]!));
      const paths = [...new Set(["/docs", ...hrefs])];
      expect(paths.length).toBeGreaterThan(10);
      const problems = await audit(page, paths.filter((_, i) => i % DOCS_PARTS === part));
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
});
}
