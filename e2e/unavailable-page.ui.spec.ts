// The page every page answers while the database is away (server/unavailable.ts;
// tests/integration/db-outage.test.ts serves it from a real outage). The e2e
// server's database cannot be taken away under the other specs, so the page is
// the served document itself, set into the browser: every rule at 1280 and 390 px
// in the light scheme, the colour rules in the dark one; photographed in both
// schemes at both widths into e2e/screenshots/ with E2E_SCREENSHOTS=1.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { unavailablePage } from "../server/unavailable-page";
import { COLOUR_RULES, seriousViolations } from "./helpers/axe";
import { switchScheme } from "./helpers/scheme";

const WIDTHS = [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const;

test("the temporarily unavailable page: its request id, a way back, no serious axe finding in either scheme", async ({ page }) => {
  await page.setContent(unavailablePage("req_01JDEMO0OUTAGE0PAGE00000", "/apps"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temporarily unavailable");
  await expect(page.getByText("req_01JDEMO0OUTAGE0PAGE00000")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/apps");
  const problems: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await switchScheme(page, scheme);
    for (const [label, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      problems.push(...(await seriousViolations(page, `${scheme} unavailable`, scheme === "dark" ? COLOUR_RULES : undefined)));
      if (process.env.E2E_SCREENSHOTS === "1") {
        await page.screenshot({ path: path.join(import.meta.dirname, "screenshots", `unavailable-${scheme}-${label}.png`), fullPage: true });
      }
    }
  }
  expect(problems).toEqual([]);
});
