// Links fetch their page when the reader reaches for it, not whenever it is on screen (components/ui/link.tsx):
// a console page view is one page rendered, not a dozen.
import { expect, test } from "@playwright/test";
import { panelsLoaded, seedApp, startSession } from "./helpers/console";

test("a console page fetches no other page until a link is reached for; then that one, which opens", async ({ page }) => {
  const { email, appId } = await seedApp();
  await startSession(page, email);
  const fetched: string[] = []; // the pages the router fetched ahead of a navigation
  page.on("request", (r) => {
    if (r.headers()["next-router-prefetch"]) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto(`/apps/${appId}/keys`);
  await expect(page.getByRole("button", { name: "Create key pair" })).toBeEnabled(); // the page is live (useFormAction)

  const tab = page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Callbacks" });
  await tab.hover();
  await expect.poll(() => fetched).toContain(`/apps/${appId}/callbacks`);
  // Nothing else on screen was fetched: neither the other eight tabs nor the header's links.
  expect(new Set(fetched)).toEqual(new Set([`/apps/${appId}/callbacks`]));

  await tab.click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/callbacks$`));
  await expect(page).toHaveTitle(/^Callbacks/);
  await expect(tab).toHaveAttribute("aria-current", "page");
  await panelsLoaded(page); // its list has loaded
  expect(new Set(fetched), "the callbacks page fetched nothing ahead either").toEqual(new Set([`/apps/${appId}/callbacks`]));
});
