// The role rule (lib/services/access.ts) on every console route, a matrix
// generated from the route list itself: every app/api/console/**/route.ts and
// each method it exports, called over HTTP by an owner, a developer, a viewer
// and a stranger. A route added later without the rule fails here: a stranger
// must get the rule's 404, a viewer a 403 on anything but a read, a developer
// what the owner gets. Routes about no team (the account's, search, the app
// list) are listed below by name, so a new one must be placed.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/prisma";
import { createApp } from "@/lib/services/apps";
import { createUser } from "@/lib/services/users";
import { randomBase62 } from "@/lib/ids";
import { consoleCall } from "../helpers/console-http";
import { consoleRoutes } from "../helpers/console-routes";
import { signInOverHttp } from "../helpers/from-address";
import { newApp, origin, type TestApp } from "../helpers/apps";

/** Routes of the signed-in account, about no team: the rule does not apply (their own checks are their tests'). */
const ACCOUNT_ROUTES = ["/account", "/account/audit", "/account/deletion", "/account/email", "/account/passkeys", "/account/passkeys/[passkeyId]", "/account/passkeys/options", "/account/password", "/account/sessions", "/account/sessions/[sessionId]", "/account/totp", "/account/totp/confirm", "/account/verification", "/apps", "/invitations/accept", "/passkey-signin", "/search", "/teams"];
/** Reads the rule counts as more than a read (a viewer gets 403). */
const SECRET_READS = ["GET /apps/[appId]/signing-secret"];

const routes = consoleRoutes();
const appRoutes = routes.filter((r) => r.route.startsWith("/apps/[appId]"));
const teamRoutes = routes.filter((r) => r.route.startsWith("/teams/[teamId]"));
const operatorRoutes = routes.filter((r) => r.route.startsWith("/operator"));

const fill = (route: string, appId: string, teamId: string) => route.replace("[appId]", appId).replace("[teamId]", teamId).replace(/\[(\w+)\]/g, (_, name: string) => `${name}_none`);

it("every console route is an app's, a team's, an operator's or the account's", () => {
  expect(routes.length).toBeGreaterThan(30);
  const unplaced = routes.filter((r) => !r.route.startsWith("/apps/[appId]") && !r.route.startsWith("/teams/[teamId]") && !r.route.startsWith("/operator") && !ACCOUNT_ROUTES.includes(r.route));
  expect(unplaced.map((r) => r.route)).toEqual([]);
});

describe("the role × route matrix", () => {
  let owner: TestApp;
  const session: Record<"owner" | "developer" | "viewer" | "stranger", string> = { owner: "", developer: "", viewer: "", stranger: "" };

  beforeAll(async () => {
    owner = await newApp();
    session.owner = (await signInOverHttp(origin(), owner.user.email, "correct horse battery")).session!;
    for (const role of ["developer", "viewer", "stranger"] as const) {
      const u = await createUser({ email: `${role}-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery" });
      // Set-up: the membership an accepted invitation makes.
      if (role !== "stranger") await db.membership.create({ data: { teamId: owner.app.teamId, userId: u.id, role } });
      session[role] = (await signInOverHttp(origin(), u.email, "correct horse battery")).session!;
    }
  });

  const call = (who: keyof typeof session, method: string, route: string, appId = owner.appId) =>
    consoleCall(origin(), session[who], method, fill(route, appId, owner.app.teamId), method === "GET" ? undefined : {});

  const reads = appRoutes.flatMap((r) => r.methods.filter((m) => m === "GET").map((m) => ({ ...r, method: m })));
  const writes = appRoutes.flatMap((r) => r.methods.filter((m) => m !== "GET").map((m) => ({ ...r, method: m })));
  /** The app a write is made to: the fixture, or for the app's own DELETE another app of the same team (the fixture stays, whatever runs after). */
  const appFor = async (method: string, route: string) =>
    method === "DELETE" && route === "/apps/[appId]" ? (await createApp({ teamId: owner.app.teamId, name: "Deleted by the matrix", callbackUrl: "" })).id : owner.appId;

  it.each(reads)("$method $route: a stranger 404, the viewer and the developer as the owner", async ({ route, method }) => {
    const stranger = await call("stranger", method, route);
    expect([stranger.status, stranger.json?.error, stranger.json?.message]).toEqual([404, "NOT_FOUND", `no app ${owner.appId}`]);
    const own = await call("owner", method, route);
    expect(own.status, own.text).not.toBe(403);
    expect((await call("developer", method, route)).status).toBe(own.status);
    const viewer = await call("viewer", method, route);
    if (SECRET_READS.includes(`${method} ${route}`)) expect([viewer.status, viewer.json?.error]).toEqual([403, "FORBIDDEN"]);
    else expect(viewer.status, viewer.text).toBe(own.status);
  });

  it.each(writes)("$method $route: a stranger 404, the viewer 403, the developer past the rule", async ({ route, method }) => {
    const appId = await appFor(method, route);
    const stranger = await call("stranger", method, route, appId);
    expect([stranger.status, stranger.json?.error, stranger.json?.message]).toEqual([404, "NOT_FOUND", `no app ${appId}`]);
    const viewer = await call("viewer", method, route, appId);
    expect([viewer.status, viewer.json?.error], viewer.text).toEqual([403, "FORBIDDEN"]);
    const developer = await call("developer", method, route, appId);
    expect(developer.status, developer.text).not.toBe(403);
    expect(developer.json?.message, developer.text).not.toBe(`no app ${appId}`);
  });

  const teamCalls = teamRoutes.flatMap((r) => r.methods.map((m) => ({ ...r, method: m })));
  it.each(teamCalls)("$method $route: a stranger 404; reads for every member, changes for the owner alone (403)", async ({ route, method }) => {
    const stranger = await call("stranger", method, route);
    expect([stranger.status, stranger.json?.error, stranger.json?.message]).toEqual([404, "NOT_FOUND", `no team ${owner.app.teamId}`]);
    const own = await call("owner", method, route);
    expect(own.status, own.text).not.toBe(403);
    expect(own.json?.message, own.text).not.toBe(`no team ${owner.app.teamId}`);
    for (const who of ["developer", "viewer"] as const) {
      const r = await call(who, method, route);
      if (method === "GET") expect(r.status, r.text).toBe(own.status);
      else expect([r.status, r.json?.error], r.text).toEqual([403, "FORBIDDEN"]);
    }
  });

  it.each(operatorRoutes.flatMap((r) => r.methods.map((m) => ({ ...r, method: m }))))("$method $route: 404 for everyone but operators", async ({ route, method }) => {
    for (const who of ["owner", "developer", "viewer", "stranger"] as const) {
      expect((await call(who, method, route)).status).toBe(404);
    }
  });
});

describe("no grant outlives its membership", () => {
  it("a removed member gets 404 and a lowered one 403 on the very next request", async () => {
    const a = await newApp();
    const u = await createUser({ email: `m-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery" });
    await db.membership.create({ data: { teamId: a.app.teamId, userId: u.id, role: "developer" } });
    const cookie = (await signInOverHttp(origin(), u.email, "correct horse battery")).session!;
    const rename = (name: string) => consoleCall(origin(), cookie, "PATCH", `/apps/${a.appId}`, { name });
    expect((await rename("by the developer")).status).toBe(200);
    await db.membership.update({ where: { teamId_userId: { teamId: a.app.teamId, userId: u.id } }, data: { role: "viewer" } });
    expect((await rename("by the viewer")).status).toBe(403);
    expect((await consoleCall(origin(), cookie, "GET", `/apps/${a.appId}`)).json.name).toBe("by the developer");
    await db.membership.delete({ where: { teamId_userId: { teamId: a.app.teamId, userId: u.id } } });
    expect((await consoleCall(origin(), cookie, "GET", `/apps/${a.appId}`)).status).toBe(404);
  });
});
