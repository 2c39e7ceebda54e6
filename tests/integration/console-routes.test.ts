// The console's JSON routes, signed in as the owner over HTTP: a group that
// needs review works from its approval, not from the request; usage counts the
// calls the per-minute limit refused apart from the calls that ran; writes come
// from the console's own pages (lib/auth/route.ts checkWrite).
import { afterAll, describe, expect, it } from "vitest";
import { setPerMinute } from "@/lib/services/apps";
import { review } from "@/lib/services/subscriptions";
import { signUpOverHttp } from "../helpers/console-http";
import { requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { ownDb, startServer } from "../helpers/own-server";
import { http, newApp, origin } from "../helpers/apps";
import type { RunningServer } from "../helpers/server";

it("an approved group's 'since' is its approval; a group without review is working from its request", async () => {
  const a = await newApp({ groups: ["Payments", "Treasury"], pendingTreasury: true });
  await new Promise((r) => setTimeout(r, 25)); // the approval lands on a later millisecond than the request
  await review(a.appId, "Treasury", true);
  const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
  const r = await http("GET", `${origin()}/api/console/apps/${a.appId}/subscriptions`, { headers: { cookie: session!, accept: "application/json" } });
  expect(r.status, r.text).toBe(200);
  const byGroup = Object.fromEntries((r.body as { group: string; status: string; since: string; reviewedAt: string | null }[]).map((s) => [s.group, s]));
  expect(byGroup.Treasury!.status).toBe("ACTIVE");
  expect(byGroup.Treasury!.since).toBe(byGroup.Treasury!.reviewedAt);
  expect(byGroup.Payments!.reviewedAt).toBeNull();
  expect(Date.parse(byGroup.Payments!.since)).toBeLessThan(Date.parse(byGroup.Treasury!.since));
  expect(byGroup.Identity!.since).toBeNull();
});

it("usage: a call the per-minute limit refused (429) is counted as refused, not as a call or an error", async () => {
  const a = await newApp({ groups: ["Payments"] });
  await setPerMinute(a.appId, 2);
  // Five calls against a limit of two a minute: at least one is refused, even if a minute turns among them.
  const statuses = await Promise.all(Array.from({ length: 5 }, () => a.call("GET", "/collect/v1/push/chk_missing").then((r) => r.status)));
  const refused = statuses.filter((s) => s === 429).length;
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((s) => s !== 429).every((s) => s === 404)).toBe(true);
  const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
  const r = await http("GET", `${origin()}/api/console/apps/${a.appId}/usage`, { headers: { cookie: session!, accept: "application/json" } });
  expect(r.status, r.text).toBe(200);
  expect([r.body.total, r.body.limited]).toEqual([5 - refused, refused]);
  expect(r.body.errors).toBe(5 - refused); // chk_missing: 404, an error of a call that ran
  const today = r.body.days.at(-1);
  expect([today.calls, today.limited]).toEqual([5 - refused, refused]);
});

describe("console writes come from the console's own pages", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  /** A signed-in owner of one app on `at`, and a write to that app with the given headers and body, from `from`. */
  async function owner(at: string, session?: string) {
    const cookie = session ?? (await signInOverHttp(at, (await newApp()).user.email, "correct horse battery")).session!;
    const made = await requestFrom("127.0.0.1", `${at}/api/console/apps`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: '{"name":"Origins"}' });
    expect(made.status, made.text).toBe(201);
    const appUrl = `${at}/api/console/apps/${made.json.id}`;
    const write = (headers: Record<string, string>, body: string | undefined, method = "PATCH", path = "", from = "127.0.0.1") =>
      requestFrom(from, `${appUrl}${path}`, { method, headers: { cookie, ...headers }, body });
    const name = async () => (await requestFrom("127.0.0.1", appUrl, { headers: { cookie } })).json.name;
    return { write, name };
  }

  it("an Origin is compared with PUBLIC_URL's and the request's own; a client's X-Forwarded-Host is not believed", async () => {
    const { write, name } = await owner(origin());
    const json = { "content-type": "application/json" };
    const forgeries: Record<string, string>[] = [{ "x-forwarded-host": "evil.example" }, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }, { forwarded: "host=evil.example" }];
    for (const forged of forgeries) {
      const r = await write({ ...json, ...forged, origin: "https://evil.example" }, '{"name":"Forged"}');
      expect([JSON.stringify(forged), r.status, r.json.error]).toEqual([JSON.stringify(forged), 403, "FORBIDDEN"]);
    }
    for (const bad of ["null", "https://evil.example", `${origin()}.evil.example`, `https://${new URL(origin()).host}`]) {
      expect((await write({ ...json, origin: bad }, '{"name":"Bad"}')).status, bad).toBe(403);
    }
    expect(await name()).toBe("Origins");
    // PUBLIC_URL's origin whatever Host says (a proxy that rewrites Host), and the request's own origin.
    expect((await write({ ...json, origin: origin(), host: "portal.internal:8080" }, '{"name":"Public"}')).status).toBe(200);
    expect(await name()).toBe("Public");
    const local = `localhost:${new URL(origin()).port}`;
    expect((await write({ ...json, origin: `http://${local}`, host: local }, '{"name":"Own"}')).status).toBe(200);
    expect(await name()).toBe("Own");
  });

  it("a write with a body or a Content-Type takes JSON: a text/plain or form post without Origin is refused with 415", async () => {
    const { write, name } = await owner(origin());
    for (const [type, body] of [["text/plain", '{"name":"Plain"}'], ["text/plain;charset=UTF-8", '{"name":"Plain"}'], ["application/x-www-form-urlencoded", "name=Form"], ["multipart/form-data; boundary=x", "--x--"], ["application/x-www-form-urlencoded", ""]] as const) {
      const r = await write({ "content-type": type }, body);
      expect([type, body, r.status, r.json.error]).toEqual([type, body, 415, "UNSUPPORTED_MEDIA_TYPE"]);
      expect(r.json.requestId).toBe(r.headers["x-request-id"]);
    }
    const noType = await write({}, '{"name":"Untyped"}');
    expect(noType.status).toBe(415);
    expect(await name()).toBe("Origins");
    expect((await write({ "content-type": "Application/JSON; charset=utf-8" }, '{"name":"Json"}')).status).toBe(200);
    expect(await name()).toBe("Json");
    // A write without a body or a type (what a command-line client sends for a DELETE) is not refused for it.
    expect((await write({}, undefined, "DELETE", "/inbox")).status).toBe(200);
  });

  it("a console write's body is read up to 1 MiB: a larger one is refused with 413 and nothing is written", async () => {
    const { write, name } = await owner(origin());
    const json = { "content-type": "application/json" };
    const big = JSON.stringify({ name: "Big", pad: "x".repeat(1024 * 1024) });
    const r = await write(json, big);
    expect([r.status, r.json.error]).toEqual([413, "BODY_TOO_LARGE"]);
    expect(r.json.requestId).toBe(r.headers["x-request-id"]);
    expect(await name()).toBe("Origins");
    expect((await write(json, '{"name":"Small"}')).status).toBe(200);
  });

  it("behind TRUSTED_PROXIES their X-Forwarded-Host and -Proto make the request's origin; from any other peer they are dropped", async () => {
    const server = await startServer({ databaseUrl: (await ownDb("console-origin")).url, env: { TRUSTED_PROXIES: "127.0.0.1" } });
    servers.push(server);
    const signedUp = await signUpOverHttp(server.origin, `origin-${Date.now()}@example.com`, "correct horse battery");
    const session = setCookies(signedUp).find((c) => c.includes("session-token="));
    expect(session, signedUp.text.slice(0, 200)).toBeDefined();
    const { write, name } = await owner(server.origin, session);
    const proxied = { "content-type": "application/json", "x-forwarded-host": "portal.example", origin: "http://portal.example" };
    const stranger = await write(proxied, '{"name":"Stranger"}', "PATCH", "", "127.0.0.2");
    expect([stranger.status, stranger.json.error]).toEqual([403, "FORBIDDEN"]);
    // The proxy's scheme counts too: it says https, so an http Origin is another site.
    expect((await write({ ...proxied, "x-forwarded-proto": "https" }, '{"name":"Scheme"}')).status).toBe(403);
    expect(await name()).toBe("Origins");
    expect((await write(proxied, '{"name":"Proxied"}')).status).toBe(200);
    expect(await name()).toBe("Proxied");
  });
});
