// The operator's view of teams in the browser: the Operator page lists every
// team with its members and their roles and its apps, searched by a team's name
// or a member's email; axe clean at 1280 and 390 px, photographed for a person
// with E2E_SCREENSHOTS=1. The data comes through the operator command line and
// the console's JSON routes.
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { panelsLoaded, seedApp, seedUser, shoot, startSession } from "./helpers/console";

test("the operator finds a team by name or member email, with its members, roles and apps", async ({ page, browser }) => {
  const { email: ownerEmail } = await seedApp({ name: "Own app" });
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await startSession(ownerPage, ownerEmail);
  const post = async (url: string, data: unknown) => {
    const r = await ownerPage.request.post(url, { data, headers: { "content-type": "application/json" } });
    expect(r.status(), await r.text()).toBe(201);
    return r.json();
  };
  const name = `Zebra Crossing ${Date.now().toString(36)}`;
  const team = await post("/api/console/teams", { name });
  await post("/api/console/apps", { name: "Zebra checkout", teamId: team.teamId });
  await owner.close();

  await startSession(page, await seedUser({ operator: true }));
  await page.goto("/operator");
  await panelsLoaded(page);
  const teams = page.getByRole("table", { name: "Teams" });
  await expect(teams).toBeVisible();

  const search = async (q: string) => {
    await page.getByLabel("Team name or member email").fill(q);
    await page.getByRole("button", { name: "Search", exact: true }).click();
  };
  await search(ownerEmail.toUpperCase());
  // the owner's own team and the new one, newest first
  await expect(teams.getByRole("row")).toHaveCount(3);
  const row = teams.getByRole("row").nth(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(ownerEmail);
  await expect(row).toContainText("owner");
  await expect(row).toContainText("Zebra checkout");
  await expect(teams.getByRole("row").nth(2)).toContainText("Own team");

  await search(name.toLowerCase());
  await expect(teams.getByRole("row")).toHaveCount(2);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, `operator teams at ${width}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "operator-teams");

  await search("no team is called this");
  await expect(page.getByText("No team matches “no team is called this”")).toBeVisible();
});
