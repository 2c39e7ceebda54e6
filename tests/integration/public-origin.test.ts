// What the server's public origin decides, on servers of their own: cookies
// are Secure when PUBLIC_URL is https (no proxy needs to say so).
import { afterAll, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom } from "../helpers/from-address";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { origin } from "../helpers/sandbox";

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
  }, 120_000);

  it("on http (the suite's server) cookies are not Secure: a browser would drop them", async () => {
    const r = await signUpOverHttp(origin(), newEmail(), PASSWORD);
    expect(r.status).toBe(303);
    const session = cookieOf(r.headers["set-cookie"], "session-token");
    expect(session?.name).toBe("authjs.session-token");
    expect(session?.attrs).not.toContain("secure");
  });
});
