// The guide "Rehearse failures" (/docs/rehearse) in a real browser: the fault
// table, the samples per language (the files served at /samples/rehearse/…),
// the search finding the guide, no sideways overflow and no serious
// accessibility violation, with screenshots at desktop and phone widths.
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { openSearch } from "./helpers/docs";

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of widths) {
  test(`the guide at ${name} width: every fault, a sample per language, nothing overflows`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/docs/rehearse");
    await expect(page.getByRole("heading", { name: "Rehearse failures", level: 1 })).toBeVisible();
    const faults = page.getByRole("table", { name: "Faults" });
    await expect(faults.getByRole("row")).toHaveCount(9); // the head and the eight faults
    await expect(faults.getByRole("row", { name: /lost_response/ })).toContainText("DUPLICATE_REFERENCE");
    const tabs = page.getByRole("group", { name: "Sample language" });
    await tabs.getByRole("button", { name: /Python/ }).click();
    await expect(page.getByText("except AlreadyAccepted as e:")).toBeVisible();
    await tabs.getByRole("button", { name: /TypeScript/ }).click();
    await expect(page.getByText("e instanceof AlreadyAcceptedError").first()).toBeVisible();
    const sample = await page.request.get("/samples/rehearse/rehearse.mts");
    expect(sample.status()).toBe(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `e2e/screenshots/docs-rehearse-${name}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, "/docs/rehearse")).toEqual([]);
  });
}

test("the search finds the guide by its name, and an operation page links its Faults table there", async ({ page }) => {
  await page.goto("/docs/payouts/send");
  await expect(page.getByRole("table", { name: "Faults" }).getByRole("row")).toHaveCount(9);
  const dialog = await openSearch(page);
  await dialog.getByRole("combobox").fill("rehearse");
  await expect(dialog.getByRole("option").first()).toContainText("Rehearse failures");
});
