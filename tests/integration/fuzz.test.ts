// Bad input never gets a 5xx: every route family (gateway, inspector, console
// JSON routes and pages, docs, downloads, try-it, MCP, health) over real HTTP
// with odd paths, methods, hosts, headers and bodies. Cases are generated from a fixed seed (fast-check), plus
// the ones a probe found. Only the status class is asserted: any 5xx fails.
import http from "node:http";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { newApp, origin, type TestApp } from "../helpers/apps";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { onTheWire } from "../helpers/wire";

type Case = { method: string; path: string; headers?: Record<string, string>; body?: string };

let app: TestApp;
let cookie = "";
beforeAll(async () => {
  app = await newApp();
  cookie = (await signInOverHttp(origin(), app.user.email, "correct horse battery")).session!;
});

const deep = (n: number, leaf = "1") => "[".repeat(n) + leaf + "]".repeat(n);
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

async function send(c: Case): Promise<number> {
  const r = await requestFrom("127.0.0.1", `${origin()}${c.path}`, { method: c.method, headers: c.headers, body: c.body });
  return r.status;
}

async function expectNo5xx(cases: Case[]) {
  const failures: string[] = [];
  for (const c of cases) {
    const status = await send(c);
    if (status >= 500) failures.push(`${status} ${c.method} ${c.path} ${JSON.stringify(c.headers ?? {})} ${(c.body ?? "").slice(0, 60)}`);
  }
  expect(failures).toEqual([]);
}

const families = () => {
  const auth = { authorization: `Bearer ${app.token}` };
  const console = { cookie, "content-type": "application/json" };
  return {
    gateway: { prefix: "/sandbox", paths: ["/collect/v1/push", "/payouts/v1/payouts", "/oauth/v1/token", "/identity/v1/verifications/x", "/sms/v1/messages"], headers: auth },
    inspector: { prefix: "/inspect", paths: [`/${app.appId}`, "/app_nope", "/constructor"], headers: {} },
    console: {
      prefix: "/api/console",
      paths: ["/apps", `/apps/${app.appId}`, `/apps/${app.appId}/keys`, `/apps/${app.appId}/deliveries`, `/apps/${app.appId}/requests`, `/apps/${app.appId}/inbox`, `/apps/${app.appId}/subscriptions`, "/operator/apps", "/account/password", "/account/sessions"],
      headers: console,
    },
    downloads: { prefix: "", paths: ["/openapi/collect.json", "/postman/collect.json", "/clients/collect.ts", "/openapi/x.yaml"], headers: {} },
    tryit: { prefix: "/api/try", paths: ["/collect.push", "/payouts.create", "/nope"], headers: { "content-type": "application/json" } },
    mcp: { prefix: "/sandbox", paths: ["/mcp"], headers: { ...auth, "content-type": "application/json", accept: "application/json, text/event-stream" } },
  };
};

describe("no 5xx on bad input", () => {
  it("cases a probe found: prototype names, Origin null, deep JSON, deep MCP arguments", async () => {
    const f = families();
    const cases: Case[] = [];
    for (const kind of ["openapi", "postman", "clients"]) {
      for (const file of ["collect.constructor", "collect.__proto__", "collect.toString", "constructor.json", "__proto__.ts", "collect.hasOwnProperty"]) {
        cases.push({ method: "GET", path: `/${kind}/${file}` });
      }
    }
    for (const origin of ["null", "not a url", "http://", "::::", "https://evil.example"]) {
      cases.push({ method: "POST", path: "/api/console/apps", headers: { ...f.console.headers, origin }, body: '{"name":"x"}' });
      cases.push({ method: "PATCH", path: `/api/console/apps/${app.appId}`, headers: { ...f.console.headers, origin }, body: '{"name":"x"}' });
    }
    for (const body of [deep(5000), deepObject(5000), `{"shortCode":"1","amount":1,"x":${deep(100)}}`]) {
      cases.push({ method: "POST", path: "/sandbox/collect/v1/push", headers: { ...f.gateway.headers, "content-type": "application/json" }, body });
      cases.push({ method: "POST", path: "/api/try/collect.push", headers: f.tryit.headers, body });
    }
    const call = (args: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"collect_push","arguments":${args}}}`;
    for (const body of [call(deepObject(3000)), call(`{"amount":${deep(3000)}}`), deep(3000), "{", '{"jsonrpc":"2.0"}', "[]", "null"]) {
      cases.push({ method: "POST", path: "/sandbox/mcp", headers: f.mcp.headers, body });
    }
    await expectNo5xx(cases);

    // The console's request detail of a logged deep body still opens.
    const logged: { requestId: string }[] = (await requestFrom("127.0.0.1", `${origin()}/api/console/apps/${app.appId}/requests?take=5`, { headers: { cookie } })).json.items;
    expect(logged.length).toBeGreaterThan(0);
    for (const l of logged) {
      const r = await requestFrom("127.0.0.1", `${origin()}/api/console/apps/${app.appId}/requests/${l.requestId}`, { headers: { cookie } });
      expect(r.status, l.requestId).toBe(200);
      const page = await requestFrom("127.0.0.1", `${origin()}/apps/${app.appId}/requests/${l.requestId}`, { headers: { cookie } });
      expect(page.status, l.requestId).toBeLessThan(500);
    }
  });

  it("generated paths, methods, headers and bodies over every route family", async () => {
    const f = families();
    const segment = fc.oneof(
      fc.constantFrom("constructor", "__proto__", "prototype", "toString", "..", ".", "%2e%2e", "%00", "a%20b", "%C3%A9", "null", "undefined", "x".repeat(3000)),
      fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
    );
    const body = fc.oneof(
      fc.constant(""),
      fc.json({ maxDepth: 4 }),
      fc.constantFrom("{", "[", '{"a":', "\u0000", "null", "[]", '"x"', "1e999", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
      fc.string({ maxLength: 200 }),
    );
    const header = fc.constantFrom<Record<string, string>>(
      {},
      { "content-type": "application/json" },
      { "content-type": "text/plain; charset=nope" },
      { "content-type": "multipart/form-data; boundary=" },
      { origin: "null" },
      { authorization: `Bearer ${"x".repeat(5000)}` },
      { authorization: "Basic %%%" },
      { "x-svc-time-scale": "NaN" },
      { "x-svc-scenario": "__proto__" },
      { accept: "text/event-stream" },
    );
    const kinds = Object.keys(f) as (keyof typeof f)[];
    const arb = fc.record({
      kind: fc.constantFrom(...kinds),
      pathIndex: fc.nat(),
      extra: fc.array(segment, { maxLength: 2 }),
      method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
      header,
      body,
    });
    const samples = fc.sample(arb, { numRuns: 240, seed: 20261122 });
    const cases = samples.map((s): Case => {
      const fam = f[s.kind];
      const p = fam.paths[s.pathIndex % fam.paths.length]!;
      const method = s.method;
      const withBody = method !== "GET" && method !== "HEAD";
      return {
        method,
        path: `${fam.prefix}${p}${s.extra.length ? `/${s.extra.join("/")}` : ""}`,
        headers: { ...fam.headers, ...s.header },
        body: withBody ? s.body : undefined,
      };
    });
    await expectNo5xx(cases);
  });

  // Served by our own HTTP server rather than by `next start`.
  it("malformed percent-encoding outside /sandbox and /inspect, and TRACE, get a 4xx", async () => {
    await expectNo5xx([
      { method: "GET", path: "/docs/%E0%A4%A" },
      { method: "GET", path: "/apps/%" },
      { method: "GET", path: "/openapi/%zz.json" },
      { method: "POST", path: "/api/console/apps/%E0%A4%A", headers: { cookie, "content-type": "application/json" }, body: "{}" },
      { method: "TRACE", path: "/" },
      { method: "TRACE", path: "/sandbox/collect/v1/push" },
    ]);
  });

  it("a request target that is not a path (OPTIONS *, a name without /) gets a 4xx", async () => {
    const { port } = new URL(origin());
    const raw = (method: string, target: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: target, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    for (const [method, target] of [["OPTIONS", "*"], ["GET", "*"], ["POST", "*"], ["GET", "docs"]]) {
      const status = await raw(method!, target!);
      expect([method, target, status >= 400 && status < 500], `${method} ${target} → ${status}`).toEqual([method, target, true]);
    }
  });

  // Written on the socket (tests/helpers/wire.ts): methods, targets and Host values node:http and fetch will not send.
  it("odd methods, paths, hosts and bodies on the wire, on every kind of route", async () => {
    const routes = [
      "/", "/apps", `/apps/${app.appId}`, `/apps/${app.appId}/requests`, "/signin", "/account",
      "/api/console/apps", `/api/console/apps/${app.appId}/requests`, `/api/console/apps/${app.appId}/usage`,
      "/docs", "/docs/collect", `/inspect/${app.appId}`, "/inspect/app_nope", "/sandbox/collect/v1/push", "/sandbox/mcp", "/sandbox/oauth/v1/token",
      "/clients/collect.ts", "/openapi/collect.json", "/postman/collect.json", "/healthz", "/api/try/collect.push", "/cli/sandbox.mjs",
    ];
    const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "PURGE", "get", "Post", "X".repeat(4000)];
    const suffixes = ["/%", "/%E0%A4%A", "/%zz", "//", "//x//", "/..", "/../../etc/passwd", "/%2e%2e/%2e%2e", "/./", "/%00", ";a=b", "?%", "?a=%ZZ&b", `/${"x".repeat(7000)}`, `?${"q".repeat(7000)}`];
    const hosts = ["[::1", "[::1]", "", "a b", "x".repeat(300), "127.0.0.1:0", "h:65536", "ü.example", "[fe80::1%25eth0]"];
    const bodies = ["", "{", "\u0000", '{"name":"x"}', "x".repeat(70_000), "%%%"];
    const host = new URL(origin()).host;
    const headers = `Cookie: ${cookie}\nAuthorization: Bearer ${app.token}`;
    const cases: { head: string; body?: string }[] = [];
    const takesBodies = ["/api/console/apps", `/inspect/${app.appId}`, "/sandbox/collect/v1/push", "/sandbox/mcp", "/sandbox/oauth/v1/token", "/api/try/collect.push"];
    for (const r of routes) {
      for (const m of methods) cases.push({ head: `${m} ${r} HTTP/1.1\nHost: ${host}\n${headers}` });
      for (const x of suffixes) cases.push({ head: `GET ${r}${x} HTTP/1.1\nHost: ${host}\n${headers}` });
      for (const h of hosts) cases.push({ head: `GET ${r} HTTP/1.1\nHost: ${h}\n${headers}` });
      if (!takesBodies.includes(r)) continue;
      for (const x of suffixes) cases.push({ head: `POST ${r}${x} HTTP/1.1\nHost: ${host}\n${headers}\nContent-Type: application/json`, body: "{}" });
      for (const b of bodies) {
        for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
          cases.push({ head: `POST ${r} HTTP/1.1\nHost: ${host}\n${headers}\nContent-Type: ${type}\nOrigin: ${origin()}`, body: b });
        }
      }
    }
    const failures: string[] = [];
    let unanswered = 0;
    for (const c of cases) {
      const r = await onTheWire(origin(), c.head, c.body);
      if (r.status === 0) unanswered++;
      if (r.status >= 500) failures.push(`${r.status} ${c.head.split("\n").slice(0, 2).join(" | ").slice(0, 160)} ${(c.body ?? "").slice(0, 30)}: ${r.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(unanswered).toBeLessThan(cases.length / 10); // CONNECT: node:http closes the connection; the rest are answered
  }, 600_000); // about a thousand requests, each on a connection of its own
});
