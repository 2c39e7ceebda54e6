// Docs e2e helpers.
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Opens the docs search with its keyboard shortcut; the dialog.
 * The shortcut's listener is attached when the page hydrates, after the
 * server-rendered page shows: a press before that does nothing, so press again
 * until the dialog opens (on a loaded machine hydration takes seconds).
 */
export async function openSearch(page: Page, key = "Control+k"): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Search the docs" });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press(key);
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}
