// What the server's public origin decides, on servers of their own: cookies
// are Secure when PUBLIC_URL is https (no proxy needs to say so); the operator
// command line prints links on the origin the running server recorded.
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom } from "../helpers/from-address";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { origin } from "../helpers/apps";

const root = path.resolve(import.meta.dirname, "..", "..");
/** `scripts/admin.ts` as an operator runs it on the server's machine: DATABASE_URL only, neither PUBLIC_URL nor PORT. */
function admin(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.PUBLIC_URL;
  delete env.PORT;
  delete env.HOST;
  return new Promise((resolve) =>
    execFile(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args], { cwd: root, env, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));
const newEmail = () => `po-${randomBase62(10).toLowerCase()}@example.com`;
const PASSWORD = "correct horse battery";

/** The reply's Set-Cookie of the cookie whose name ends in `name`: its name, value and attributes (lower-cased names). */
function cookieOf(setCookie: string[] | undefined, name: string) {
  const line = (setCookie ?? []).find((c) => c.split("=", 1)[0]!.endsWith(name) && !/^[^=]+=;/.test(c));
  if (!line) return undefined;
  const [pair, ...attrs] = line.split(";").map((p) => p.trim());
  return { name: pair!.split("=", 1)[0]!, pair: pair!, attrs: attrs.map((a) => a.toLowerCase()) };
}

describe("PUBLIC_URL https", () => {
  it("the session cookie is Secure and __Secure- named without any proxy header, and signs the user in", async () => {
    const db = await ownDb("public_https");
    const server = await startServer({ databaseUrl: db.url, env: { PUBLIC_URL: "https://portal.example" } });
    servers.push(server);
    // The sign-up form posted straight to the server (as a TLS proxy that is not in TRUSTED_PROXIES would pass it on).
    const r = await signUpOverHttp(server.origin, newEmail(), PASSWORD);
    expect(r.status).toBe(303);
    const session = cookieOf(r.headers["set-cookie"], "session-token");
    expect(session?.name).toBe("__Secure-authjs.session-token");
    expect(session?.attrs).toContain("secure");
    expect(session?.attrs).toContain("httponly");
    // The server reads the cookie by that name: the session works.
    const apps = await consoleCall(server.origin, session!.pair, "GET", "/apps");
    expect(apps.status).toBe(200);
    // The docs' app cookie is Secure too.
    const docs = await requestFrom("127.0.0.1", `${server.origin}/docs?app=app_${randomBase62(12)}`);
    expect(cookieOf(docs.headers["set-cookie"], "docs-app")?.attrs).toContain("secure");
  });

  it("on http (the suite's server) cookies are not Secure: a browser would drop them", async () => {
    const r = await signUpOverHttp(origin(), newEmail(), PASSWORD);
    expect(r.status).toBe(303);
    const session = cookieOf(r.headers["set-cookie"], "session-token");
    expect(session?.name).toBe("authjs.session-token");
    expect(session?.attrs).not.toContain("secure");
  });
});

describe("the operator command line's links", () => {
  it("use the origin the running server recorded at its start (port 0, no PUBLIC_URL), and say so when none is known", async () => {
    const db = await ownDb("public_origin_cli");
    const email = newEmail();
    // Before any server ran on this database, the command line cannot know: it says so on stderr.
    expect((await admin(db.url, "user", "create", "--email", email, "--password", PASSWORD)).code).toBe(0);
    const unknown = await admin(db.url, "user", "reset-link", "--email", email);
    expect(unknown.code, unknown.stderr).toBe(0);
    expect(JSON.parse(unknown.stdout).resetUrl).toMatch(/^http:\/\/localhost:3000\/reset\?token=/);
    expect(unknown.stderr).toMatch(/PUBLIC_URL/);

    const server = await startServer({ databaseUrl: db.url }); // PORT=0, no PUBLIC_URL
    servers.push(server);
    const known = await admin(db.url, "user", "reset-link", "--email", email);
    expect(known.code, known.stderr).toBe(0);
    const link = new URL(JSON.parse(known.stdout).resetUrl);
    expect(link.origin).toBe(server.origin);
    expect(known.stderr).toBe("");
    // The link works on that server: its reset page answers.
    expect((await fetch(link)).status).toBe(200);
    // So does an app's inspector address.
    const app = await admin(db.url, "app", "create", "--owner", email, "--name", "Linked");
    expect(JSON.parse(app.stdout).inspectorUrl).toMatch(new RegExp(`^${server.origin}/inspect/app_`));
  });
});
