// The dark scheme follows the system setting (prefers-color-scheme,
// app/dark-scheme.css): pages go dark, code blocks stay dark in both schemes,
// and, with E2E_SCREENSHOTS=1, the main pages are photographed at 1280 and 390
// px in each scheme, into the test's output folder, for a person reviewing a
// change (nothing compares them). Their axe audit, in both schemes, is a11y.ui.spec.ts's (every page and
// each state photographed here: the new key's secret, a refused call, go-live).
import { expect, test, type Page } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, panelsLoaded, seedApp, startSession } from "./helpers/console";
import { switchScheme } from "./helpers/scheme";

// Twelve pages and a state, each photographed four times.
test.describe.configure({ timeout: 240_000 });

const WIDTHS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }] as const;

/** Relative luminance (WCAG) of a computed CSS colour, read by the browser itself. */
const luminanceOf = (page: Page, selector: string, property: "backgroundColor" | "color") =>
  page.locator(selector).first().evaluate((el, prop) => {
    const c = document.createElement("canvas").getContext("2d")!;
    c.fillStyle = getComputedStyle(el)[prop];
    c.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...c.getImageData(0, 0, 1, 1).data].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, property);

for (const colorScheme of ["light", "dark"] as const) {
  test(`the page follows the ${colorScheme} system setting; code blocks stay dark`, async ({ browser }) => {
    const page = await (await browser.newContext({ colorScheme })).newPage();
    await page.goto("/docs/authentication");
    const body = await luminanceOf(page, "body", "backgroundColor");
    const text = await luminanceOf(page, "body", "color");
    if (colorScheme === "dark") expect([body < 0.05, text > 0.5]).toEqual([true, true]);
    else expect([body > 0.9, text < 0.05]).toEqual([true, true]);
    const code = page.locator("pre").first();
    await expect(code).toBeVisible();
    expect(await luminanceOf(page, "pre", "color")).toBeGreaterThan(0.5);
  });
}

test("the main pages photographed at 1280 and 390 px, light and dark", async ({ page }, info) => {
  // Pictures for a person, compared by nothing: taken when asked for (E2E_SCREENSHOTS=1), as shoot() takes its own.
  test.skip(process.env.E2E_SCREENSHOTS !== "1", "pictures only with E2E_SCREENSHOTS=1");
  const a = await seedApp({ name: "Shop checkout", keys: true, groups: ["Payments"], operator: true });
  const token = (await fetchToken(a.keys!.consumerKey, a.keys!.consumerSecret)).body.access_token!;
  await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
  await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ amount: 0 }));
  /** The page as it is now, in each scheme at each width. */
  const look = async (name: string) => {
    for (const colorScheme of ["light", "dark"] as const) {
      await switchScheme(page, colorScheme);
      for (const vp of WIDTHS) {
        await page.setViewportSize(vp);
        await page.screenshot({ path: info.outputPath(`${colorScheme}-${vp.width}-${name}.png`), fullPage: vp.width < 1000 });
      }
    }
  };
  const shoot = async (p: string, name: string) => {
    await page.goto(p);
    await panelsLoaded(page);
    await look(name);
  };
  for (const [p, name] of [["/", "home"], ["/signin", "signin"], ["/docs", "docs"], ["/docs/collect/push", "docs-collect-push"]] as const) await shoot(p, name);
  await startSession(page, a.email);
  await page.goto(`/apps/${a.appId}/keys`);
  await page.getByRole("button", { name: "Create key pair" }).click();
  await expect(page.getByRole("region", { name: "Your new key pair" })).toBeVisible();
  await look("keys-secret");
  for (const [p, name] of [
    ["/apps", "apps"], [`/apps/${a.appId}`, "app"], [`/apps/${a.appId}/subscriptions`, "subscriptions"],
    [`/apps/${a.appId}/requests`, "requests"], [`/apps/${a.appId}/callbacks`, "callbacks"], [`/apps/${a.appId}/go-live`, "go-live"], ["/operator", "operator"],
  ] as const) await shoot(p, name);
});
