// Teams in the browser: the Members page as an owner (every control usable)
// and as a viewer (every control disabled, the reason written beside it), the
// header's Teams link, and the app list naming each app's team; axe clean at
// 1280 and 390 px, photographed for a person with E2E_SCREENSHOTS=1. The data
// comes through the operator command line and the console's JSON routes; the
// viewer's membership is written into the e2e database (as an accepted
// invitation leaves it: the link's token is only in a mail).
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { E2E_DB, panelsLoaded, seedApp, seedUser, shoot, startSession, uniqueEmail } from "./helpers/console";

/** The membership an accepted invitation makes, written into the e2e database. */
function addMember(teamId: string, email: string, role: string) {
  const db = new Database(path.resolve(import.meta.dirname, "..", E2E_DB), { timeout: 10_000 });
  try {
    const user = db.prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(email) as { id: string };
    db.prepare(`INSERT INTO "Membership" ("teamId", "userId", "role", "createdAt") VALUES (?, ?, ?, ?)`).run(teamId, user.id, role, new Date().toISOString());
  } finally {
    db.close();
  }
}

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an owner's Members page, a viewer's read-only one, and apps listed with their team", async ({ page, browser }) => {
  const { email: ownerEmail } = await seedApp({ name: "Own app" });
  await startSession(page, ownerEmail);
  const post = async (url: string, data: unknown) => {
    const r = await page.request.post(url, { data, headers: { "content-type": "application/json" } });
    expect(r.status(), await r.text()).toBe(201);
    return r.json();
  };
  const team = await post("/api/console/teams", { name: "Acme Payments" });
  await post("/api/console/apps", { name: "Checkout", teamId: team.teamId });
  await post(`/api/console/teams/${team.teamId}/invitations`, { email: uniqueEmail("pending"), role: "developer" });
  const viewerEmail = await seedUser();
  addMember(team.teamId, viewerEmail, "viewer");

  // the owner: the header's Teams link goes to their own team; the switcher to Acme
  await page.goto("/apps");
  await panelsLoaded(page);
  await expect(page.getByText("Team: Acme Payments")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Teams", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: ownerEmail })).toBeVisible();
  await page.getByRole("navigation", { name: "Your teams" }).getByRole("link", { name: "Acme Payments" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.teamId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Acme Payments" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Send invitation" })).toBeEnabled();
  await axeClean(page, "members (owner)");
  await shoot(page, "teams-members-owner");

  // the viewer: the same page, every change disabled with the reason
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await context.newPage();
  await startSession(viewer, viewerEmail);
  await viewer.goto(`/teams/${team.teamId}`);
  await expect(viewer.getByRole("heading", { level: 1, name: "Acme Payments" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Send invitation" })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: "Remove" }).first()).toBeDisabled();
  await expect(viewer.getByRole("button", { name: "Revoke" })).toBeDisabled();
  await expect(viewer.getByLabel(`Role of ${ownerEmail}`)).toBeDisabled();
  await expect(viewer.getByText("Only an owner of this team can change members and invitations.").first()).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Leave" })).toBeEnabled();
  await axeClean(viewer, "members (viewer)");
  await shoot(viewer, "teams-members-viewer");
  await viewer.setViewportSize({ width: 390, height: 844 });
  await viewer.goto("/apps");
  await panelsLoaded(viewer);
  await expect(viewer.getByText("Team: Acme Payments")).toBeVisible();
  await viewer.getByRole("link", { name: "Your teams and their members" }).click(); // at 390 the top bar has no Teams link
  await expect(viewer.getByRole("heading", { level: 1, name: viewerEmail })).toBeVisible();
  await context.close();
});
