// The Testing and Inspector tabs follow one rule (components/ui/form-action.tsx):
// a click on a preset saves it, with a visible "Saved."; the pressed preset is the
// saved value, never one only typed; a form that differs from what is saved says
// so and asks before leaving.
import { expect, test, type Page } from "@playwright/test";
import { seedApp, startSession } from "./helpers/console";

const LEAVE = "You have unsaved changes. Leave without saving?";

/** Clicks a link to another tab while the form is dirty: the confirm shows, and dismissing it stays on the page. */
async function expectLeaveWarning(page: Page, tab: string) {
  const url = page.url();
  const asked = page.waitForEvent("dialog").then(async (d) => {
    const said = [d.type(), d.message()];
    await d.dismiss();
    return said;
  });
  await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: tab }).click();
  expect(await asked).toEqual(["confirm", LEAVE]);
  await page.waitForTimeout(300);
  expect(page.url()).toBe(url);
}

test("a Testing-tab preset is saved by its click and survives a reload", async ({ page }) => {
  const { email, appId } = await seedApp();
  await startSession(page, email);
  await page.goto(`/apps/${appId}/testing`);
  const scale = page.getByLabel("Time scale");
  const instant = page.getByRole("button", { name: /^0 · instant/ });
  await expect(scale).toHaveValue("1");
  await expect(page.getByRole("button", { name: /^1 · as documented/ })).toHaveAttribute("aria-pressed", "true");

  await instant.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(instant).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(scale).toHaveValue("0");
  await expect(instant).toHaveAttribute("aria-pressed", "true");

  // A typed value is not applied until saved: no preset looks picked for it, the form says so, leaving asks.
  await scale.fill("0.1");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByRole("button", { name: /^0\.1 · 10× faster/ })).toHaveAttribute("aria-pressed", "false");
  await expect(instant).toHaveAttribute("aria-pressed", "true");
  await expectLeaveWarning(page, "Overview");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("button", { name: /^0\.1 · 10× faster/ })).toHaveAttribute("aria-pressed", "true");

  // Callback faults: a ticked box is "Unsaved changes" until saved.
  await page.getByLabel("Send every callback twice").check();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expectLeaveWarning(page, "Overview");
  await page.locator("form").filter({ has: page.getByLabel("Extra delay (ms)") }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.reload();
  await expect(scale).toHaveValue("0.1");
  await expect(page.getByLabel("Send every callback twice")).toBeChecked();
});

test("an Inspector-tab preset is saved by its click; edited fields warn on leaving", async ({ page }) => {
  const { email, appId } = await seedApp();
  await startSession(page, email);
  await page.goto(`/apps/${appId}/inspector`);
  const summary = page.getByTestId("inspector-mode-summary");
  await expect(summary).toContainText("Answers 200");
  await page.getByRole("button", { name: "500 error" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(summary).toContainText("Answers 500");
  await expect(page.getByRole("button", { name: "500 error" })).toHaveAttribute("aria-pressed", "true");

  await page.getByLabel("Status").fill("503");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByRole("button", { name: "500 error" })).toHaveAttribute("aria-pressed", "true");
  await expectLeaveWarning(page, "Testing");
  // Leaving through the browser (a reload) asks too.
  const asked = page.waitForEvent("dialog").then(async (d) => {
    const type = d.type();
    await d.accept();
    return type;
  });
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await expect(page.getByLabel("Status")).toHaveValue("500");
});
