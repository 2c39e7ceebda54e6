// The colour scheme of an open page, switched in place.
import type { Page } from "@playwright/test";

/**
 * `page` in `colorScheme` (prefers-color-scheme, which app/dark-scheme.css
 * follows), its colours final at once: transitions are turned off in the page
 * first, or a switch would leave `transition-colors` elements mid-way for a
 * moment (and waiting for a transition's end can wait forever on a page that
 * redraws every second, as the Handset does).
 */
export async function switchScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById("e2e-no-transitions")) return;
    const style = document.createElement("style");
    style.id = "e2e-no-transitions";
    style.textContent = "*, *::before, *::after { transition: none !important; }";
    document.head.append(style);
  });
  await page.emulateMedia({ colorScheme });
}
