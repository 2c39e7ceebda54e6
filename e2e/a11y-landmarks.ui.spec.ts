// Every kind of page has one <main id="main"> and a "Skip to content" link as
// the first stop of the keyboard (app/layout.tsx); a console detail page whose
// record does not exist offers a way back, not "Try again" (components/ui/empty.tsx ErrorNote).
import { expect, test } from "@playwright/test";
import { seedApp, startSession } from "./helpers/console";

// Nine pages, each loaded and tabbed through: give them room on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("one <main> and a skip link to it on the landing, auth, docs, 404 and console pages", async ({ page }) => {
  const a = await seedApp();
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page.locator("main"), path).toHaveCount(1);
    await expect(page.locator("main#main"), path).toHaveCount(1);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip, path).toBeFocused();
    await expect(skip, path).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page, path).toHaveURL(/#main$/);
  };
  for (const path of ["/", "/signin", "/signup", "/forgot", "/reset", "/docs", "/docs/collect/push", "/no-such-page"]) await check(path);
  await startSession(page, a.email);
  for (const path of ["/apps", `/apps/${a.appId}`, "/account"]) await check(path);
});

test("a request or callback that does not exist offers the way back, not Try again", async ({ page }) => {
  const a = await seedApp();
  await startSession(page, a.email);
  for (const [path, back, list] of [
    [`/apps/${a.appId}/requests/req_nothing0here0at0all0`, "← Back to the request log", `/apps/${a.appId}/requests`],
    [`/apps/${a.appId}/callbacks/dlv_nothing0here0at0all0`, "← Back to the callbacks", `/apps/${a.appId}/callbacks`],
  ] as const) {
    await page.goto(path);
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await alert.getByRole("link", { name: back }).click();
    await expect(page).toHaveURL(new RegExp(`${list}$`));
  }
});
