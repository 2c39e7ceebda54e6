// CORS under {base_url} (lib/gateway/cors.ts, applied by lib/gateway/routes.ts):
// a browser's preflight is answered without a token, every answer lets a page
// of any origin read it and the headers it needs; the console's cookie routes
// answer no CORS header.
import { describe, expect, it } from "vitest";
import { createUser } from "@/lib/services/users";
import { randomBase62 } from "@/lib/ids";
import { base, collectBody, http, newApp, origin } from "../helpers/apps";
import { signInOverHttp } from "../helpers/from-address";

const TOOL = "https://api-tool.example";

function preflight(path: string, method: string, headers = "authorization, content-type, x-svc-scenario, x-svc-time-scale") {
  return http("OPTIONS", `${base()}${path}`, {
    headers: { origin: TOOL, "access-control-request-method": method, "access-control-request-headers": headers },
  });
}

function expectPreflight(r: Awaited<ReturnType<typeof http>>, methods: string) {
  expect(r.status, r.text).toBe(204);
  expect(r.text).toBe("");
  expect(r.headers.get("access-control-allow-origin")).toBe("*");
  expect(r.headers.get("access-control-allow-methods")).toBe(methods);
  expect(r.headers.get("allow")).toBe(methods);
  const allowed = r.headers.get("access-control-allow-headers")!.split(", ");
  expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type", "x-svc-scenario", "x-svc-time-scale", "last-event-id"]));
  expect(r.headers.get("access-control-max-age")).toBe("7200");
  expect(r.headers.get("access-control-allow-credentials")).toBeNull();
}

describe("CORS on {base_url}", () => {
  it("a preflight is answered 204 without a token, naming the path's methods, on operations, the developer API and the token endpoint", async () => {
    expectPreflight(await preflight("/collect/v1/push", "POST"), "POST, OPTIONS");
    expectPreflight(await preflight("/collect/v1/push/chk_1", "GET"), "GET, OPTIONS");
    expectPreflight(await preflight("/dev/v1/settings", "PATCH"), "GET, PATCH, OPTIONS");
    expectPreflight(await preflight("/oauth/v1/token", "POST", "authorization, content-type"), "POST, OPTIONS");
    // An unknown path's preflight passes too; the call itself then answers its error (with CORS headers).
    expectPreflight(await preflight("/no/such/path", "GET"), "OPTIONS");
  });

  it("actual answers carry Allow-Origin and expose x-request-id, the rate-limit headers and the scenario, errors included", async () => {
    const a = await newApp();
    const ok = await http("POST", `${base()}/collect/v1/push`, {
      headers: { origin: TOOL, authorization: `Bearer ${a.token}`, "content-type": "application/json" },
      body: JSON.stringify(collectBody()),
    });
    expect(ok.status, ok.text).toBe(202);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = ok.headers.get("access-control-expose-headers")!.split(", ");
    expect(exposed).toEqual(expect.arrayContaining(["x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-policy", "ratelimit", "retry-after", "x-svc-scenario"]));
    // Those only some answers carry: a 429's or 503's retry-after, a 404's allow, an ignored scenario key, a fault asked for.
    const sometimes = ["retry-after", "allow", "x-svc-scenario-ignored", "x-svc-fault"];
    for (const h of exposed.filter((x) => !sometimes.includes(x))) expect(ok.headers.get(h), h).not.toBeNull();

    const anonymous = await http("GET", `${base()}/collect/v1/push/chk_1`, { headers: { origin: TOOL } });
    expect([anonymous.status, anonymous.body.error]).toEqual([401, "MISSING_TOKEN"]);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe("*");

    const dev = await http("GET", `${base()}/dev/v1/settings`, { headers: { origin: TOOL, authorization: `Bearer ${a.token}` } });
    expect(dev.status).toBe(200);
    expect(dev.headers.get("access-control-allow-origin")).toBe("*");

    const token = await http("POST", `${base()}/oauth/v1/token`, {
      headers: { origin: TOOL, authorization: `Basic ${Buffer.from(`${a.keys.consumerKey}:${a.keys.consumerSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(token.status).toBe(200);
    expect(token.headers.get("access-control-allow-origin")).toBe("*");
    expect(token.headers.get("access-control-expose-headers")).toContain("x-request-id");
  });

  it("the console's cookie routes answer no CORS header, to a preflight or a call", async () => {
    const u = await createUser({ email: `cors-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery" });
    const cookie = (await signInOverHttp(origin(), u.email, "correct horse battery")).session!;
    const apps = await http("GET", `${origin()}/api/console/apps`, { headers: { origin: TOOL, cookie } });
    expect(apps.status).toBe(200);
    const pre = await http("OPTIONS", `${origin()}/api/console/apps`, { headers: { origin: TOOL, "access-control-request-method": "POST", cookie } });
    for (const r of [apps, pre]) {
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });
});
