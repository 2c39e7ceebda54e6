// Teams in the browser (issue 44 items 4-5): an owner invites on the Members
// page, the invited viewer follows the mailed link (written to the server's
// log: no SMTP here) and joins, switches team in the header (keyboard, and at
// 390 px), reads the team's app with every control that writes disabled with
// the role rule's reason, and filters the team's Audit page; a developer's app
// pages are usable while the Members page is not. axe clean at 1280 and 390 px;
// photographed in both colour schemes with E2E_SCREENSHOTS=1.
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { E2E_DB, mailedLink, panelsLoaded, seedApp, seedUser, shoot, startSession } from "./helpers/console";
import { switchScheme } from "./helpers/scheme";

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page photographed at both widths in the light scheme, then in the dark. */
async function shootBoth(page: Page, name: string) {
  await shoot(page, name);
  await switchScheme(page, "dark");
  await shoot(page, `${name}-dark`);
  await switchScheme(page, "light");
}

async function post(page: Page, url: string, data: unknown) {
  const r = await page.request.post(url, { data, headers: { "content-type": "application/json" } });
  expect(r.status(), await r.text()).toBe(201);
  return r.json();
}

/** The header's team switcher: opened from the keyboard, a team picked. */
async function switchTo(page: Page, team: string) {
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^Team: / });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("navigation", { name: "Teams" }).getByRole("link", { name: new RegExp(`^${team}`) }).click();
  await expect(button).toHaveAccessibleName(`Team: ${team}`);
}

test("invite, accept, switch team, a viewer's read-only console and the team's audit log", async ({ page, browser }) => {
  const { email: ownerEmail } = await seedApp({ name: "Own app" });
  await startSession(page, ownerEmail);
  const team = await post(page, "/api/console/teams", { name: "Acme Payments" });
  const app = await post(page, "/api/console/apps", { name: "Checkout", teamId: team.teamId });
  await post(page, `/api/console/apps/${app.id}/keys`, { label: "ci" });
  expect((await page.request.post(`/api/console/apps/${app.id}/subscriptions`, { data: { group: "Payments" } })).ok()).toBe(true);
  const viewerEmail = await seedUser();

  // the owner invites on the Members page
  await page.goto(`/teams/${team.teamId}`);
  await page.getByLabel("Email").fill(viewerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row", { name: new RegExp(viewerEmail) })).toBeVisible();
  await axeClean(page, "members (owner)");
  await shootBoth(page, "teams-members-owner");

  // the viewer follows the mailed link and joins: the team's apps, the team current in the header
  const link = await mailedLink(viewerEmail, "/invite/");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await context.newPage();
  await startSession(viewer, viewerEmail);
  await viewer.goto(new URL(link).pathname);
  await viewer.getByRole("button", { name: "Join Acme Payments" }).click();
  await expect(viewer).toHaveURL(new RegExp(`/apps\\?team=${team.teamId}$`));
  await expect(viewer.getByRole("heading", { level: 1, name: "Apps of Acme Payments" })).toBeVisible();
  await expect(viewer.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Team: Acme Payments" })).toBeVisible();
  await expect(viewer.getByRole("list", { name: "Apps of Acme Payments" }).getByRole("link")).toHaveCount(1);
  await expect(viewer.getByRole("button", { name: "New app" })).toHaveCount(0);
  await expect(viewer.getByText("A viewer of this team may not make or change its apps.")).toBeVisible();
  await axeClean(viewer, "apps of a team (viewer)");
  await shootBoth(viewer, "teams-apps-viewer");

  // switch to their own team and back, from the keyboard
  await switchTo(viewer, viewerEmail);
  await expect(viewer).toHaveURL(/\/apps\?team=team_/);
  await expect(viewer.getByRole("heading", { level: 1, name: `Apps of ${viewerEmail}` })).toBeVisible();
  await switchTo(viewer, "Acme Payments");
  await expect(viewer).toHaveURL(new RegExp(`/apps\\?team=${team.teamId}$`));

  // the team's app, read only: the team in the breadcrumb, every write disabled with the rule's reason
  await viewer.getByRole("link", { name: /Checkout/ }).click();
  await expect(viewer.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Acme Payments");
  await expect(viewer.getByText("Read only: your role in Acme Payments is viewer.")).toBeVisible();
  await panelsLoaded(viewer);
  for (const name of ["Rename", "Reveal", "Rotate", "Save", "Reset data", "Delete app", "Make sandbox", "Set float"]) {
    await expect(viewer.getByRole("button", { name, exact: true }).first(), name).toBeDisabled();
  }
  await axeClean(viewer, "app overview (viewer)");
  await shootBoth(viewer, "teams-app-viewer");
  await viewer.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Keys" }).click();
  await panelsLoaded(viewer);
  await expect(viewer.getByRole("button", { name: "Create key pair" })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: /^Revoke / })).toBeDisabled();
  await shootBoth(viewer, "teams-keys-viewer");
  await viewer.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Testing" }).click();
  await panelsLoaded(viewer);
  await expect(viewer.getByRole("button", { name: "Add test number" })).toBeDisabled();
  await expect(viewer.getByText("A viewer of this team may not make or change its apps.").first()).toBeVisible();
  await axeClean(viewer, "testing (viewer)");
  await shootBoth(viewer, "teams-testing-viewer");

  // the docs' try-it as the team's app: a preview, with the reason (a call as the app would answer 403)
  await viewer.goto(`/docs/collect/push?app=${app.id}`);
  await expect(viewer.getByText("A viewer of this team may not make or change its apps: Try it as Checkout is a preview.")).toBeVisible();
  await expect(viewer.getByRole("radio", { name: "Run as this app (logged, real callback)" })).toBeDisabled();
  await expect(viewer.getByRole("radio", { name: "Preview with its test numbers and time scale" })).toBeChecked();

  // the Members page: the viewer may leave, nothing else
  await viewer.goto(`/teams/${team.teamId}`);
  await expect(viewer.getByRole("button", { name: "Send invitation" })).toBeDisabled();
  await expect(viewer.getByLabel(`Role of ${ownerEmail}`)).toBeDisabled();
  await expect(viewer.getByText("A viewer of this team may not manage this team's members.").first()).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Leave" })).toBeEnabled();
  await axeClean(viewer, "members (viewer)");
  await shootBoth(viewer, "teams-members-viewer");

  // the Audit page: newest first, filtered by action and by actor, exported as JSON lines
  await viewer.getByRole("navigation", { name: "This team" }).getByRole("link", { name: "Audit log" }).click();
  await expect(viewer).toHaveURL(new RegExp(`/teams/${team.teamId}/audit$`));
  const entries = viewer.getByRole("table", { name: "Audit entries" });
  await expect(entries.getByRole("row").nth(1)).toContainText("member.joined");
  await expect(entries.getByRole("row").nth(1)).toContainText(viewerEmail);
  await expect(entries).toContainText("member.invited");
  await expect(entries).toContainText("app.created");
  await axeClean(viewer, "audit");
  await shootBoth(viewer, "teams-audit");
  await viewer.getByLabel("Action").selectOption("key.created");
  await expect(viewer).toHaveURL(/action=key\.created/);
  await expect(entries.getByRole("row")).toHaveCount(2);
  await expect(entries.getByRole("row").nth(1)).toContainText(ownerEmail);
  await viewer.getByLabel("Action").selectOption("");
  await viewer.getByLabel("Actor").selectOption(viewerEmail);
  await expect(entries.getByRole("row")).toHaveCount(2);
  await expect(entries.getByRole("row").nth(1)).toContainText("member.joined");
  const exportLink = viewer.getByRole("link", { name: "Export JSON lines" });
  const exported = await viewer.request.get((await exportLink.getAttribute("href"))!);
  expect(exported.headers()["content-type"]).toContain("application/x-ndjson");
  const lines = (await exported.text()).trim().split("\n").map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.action, l.actor.email])).toEqual([["member.joined", viewerEmail]]);

  // the switcher open: axe clean at both widths, photographed; at 390 px it is in the top bar and works
  await viewer.getByRole("button", { name: "Team: Acme Payments" }).click();
  await expect(viewer.getByRole("navigation", { name: "Teams" }).getByRole("link", { name: "Audit log of Acme Payments" })).toBeVisible();
  await axeClean(viewer, "team switcher open");
  await shootBoth(viewer, "teams-switcher-open");
  await viewer.keyboard.press("Escape");
  await expect(viewer.getByRole("button", { name: "Team: Acme Payments" })).toBeFocused();
  await viewer.setViewportSize({ width: 390, height: 844 });
  await switchTo(viewer, viewerEmail);
  await expect(viewer.getByRole("heading", { level: 1, name: `Apps of ${viewerEmail}` })).toBeVisible();
  // the Account page: deleting the account names what goes (the viewer's own team); the only owner of a team with members is told to hand it on first
  await viewer.setViewportSize({ width: 1280, height: 800 });
  await viewer.goto("/account");
  await viewer.getByRole("button", { name: "Delete account" }).click();
  const dialog = viewer.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByRole("list", { name: "Deleted with the account" })).toContainText(`${viewerEmail} (no apps)`);
  await expect(dialog).not.toContainText("Acme Payments");
  await axeClean(viewer, "account deletion (viewer)");
  await shootBoth(viewer, "teams-account-delete");
  await context.close();
  await page.goto("/account");
  await expect(page.getByText("You are the only owner of Acme Payments, which has other members")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete account" })).toHaveCount(0);
  await shootBoth(page, "teams-account-owner");
});

/** The membership an accepted invitation makes, written into the e2e database (the invitation itself is the test above's). */
function addMember(teamId: string, email: string, role: string) {
  const db = new Database(path.resolve(import.meta.dirname, "..", E2E_DB), { timeout: 10_000 });
  try {
    const user = db.prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(email) as { id: string };
    db.prepare(`INSERT INTO "Membership" ("teamId", "userId", "role", "createdAt") VALUES (?, ?, ?, ?)`).run(teamId, user.id, role, new Date().toISOString());
  } finally {
    db.close();
  }
}

test("a developer changes the team's apps but not its members; every team's apps listed under each", async ({ page }) => {
  const { email: ownerEmail } = await seedApp({ name: "Own app" });
  await startSession(page, ownerEmail);
  const team = await post(page, "/api/console/teams", { name: "Beta Labs" });
  const app = await post(page, "/api/console/apps", { name: "Payouts worker", teamId: team.teamId });
  const devEmail = await seedUser();
  addMember(team.teamId, devEmail, "developer");

  await page.context().clearCookies();
  await startSession(page, devEmail);
  await page.goto("/apps");
  await panelsLoaded(page);
  await expect(page.getByRole("region", { name: "Beta Labs" }).getByRole("link", { name: /Payouts worker/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /Beta Labs/ })).toBeVisible();
  await axeClean(page, "apps of every team (developer)");
  await shootBoth(page, "teams-apps-all");
  await page.goto(`/apps/${app.id}`);
  await panelsLoaded(page);
  await expect(page.getByText(/^Read only/)).toHaveCount(0);
  for (const name of ["Rename", "Reveal", "Rotate", "Delete app"]) await expect(page.getByRole("button", { name, exact: true })).toBeEnabled();
  await page.goto(`/apps?team=${team.teamId}`);
  await expect(page.getByRole("button", { name: "New app" })).toBeEnabled();
  await page.goto(`/teams/${team.teamId}`);
  await expect(page.getByRole("button", { name: "Send invitation" })).toBeDisabled();
  await expect(page.getByText("A developer of this team may not manage this team's members.").first()).toBeVisible();

  // a new team from the switcher: its (empty) apps, current, the developer its owner
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^Team: / }).click();
  await page.getByLabel("New team").fill("Gamma Ops");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Apps of Gamma Ops" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Team: Gamma Ops" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create your first app in Gamma Ops" })).toBeVisible();

  // a team the account is not in: the 404 page, on its apps and on its audit log
  await page.context().clearCookies();
  await startSession(page, await seedUser());
  expect((await page.goto(`/apps?team=${team.teamId}`))?.status()).toBe(404);
  expect((await page.goto(`/teams/${team.teamId}/audit`))?.status()).toBe(404);
});
