// Stoplight Prism checks the published OpenAPI documents against the real
// server: through its validation proxy, every scenario of every operation and
// the gateway's own errors answer without a single mismatch in the responses
// (and without any in the requests when the request is valid); its mock
// server answers each scenario's named example (Prefer: example=<scenario>).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apis, operations, type Operation } from "@/lib/catalog";
import { scenarioRequest } from "@/lib/docs/samples";
import { randomBase62 } from "@/lib/ids";
import { startPrism, violations, type Prism } from "../helpers/prism";
import { http, newApp, origin, type TestApp } from "../helpers/sandbox";

let app: TestApp;
beforeAll(async () => {
  app = await newApp();
});

function send(prism: Prism, op: Operation, params: Record<string, string>, body: unknown, headers: Record<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(params[n]!));
  return http(op.method, `${prism.url}${path}`, {
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe.each(apis)("Prism's validation proxy on the $name API", (api) => {
  let prism: Prism;
  beforeAll(async () => {
    prism = await startPrism("proxy", `${origin()}/openapi/${api.id}.json`, `${origin()}/sandbox`);
  }, 90_000);
  afterAll(() => prism?.stop());

  it("every scenario of every operation: the status the catalog says, no mismatch in request or response", async () => {
    const ops = operations.filter((o) => o.api === api.id);
    const created: Record<string, string> = {};
    for (const op of [...ops].sort((a, b) => (a.method === "POST" ? -1 : 1) - (b.method === "POST" ? -1 : 1))) {
      for (const s of op.scenarios) {
        const req = scenarioRequest(op, s);
        const body = req.body && op.referenceField ? { ...req.body, [op.referenceField]: `PR-${randomBase62(10)}` } : req.body;
        const params = s.key === "tracked" ? { ...req.params, [Object.keys(req.params)[0]!]: created[op.resource.prefix]! } : req.params;
        const r = await send(prism, op, params, body, { authorization: `Bearer ${app.token}`, "x-svc-scenario": s.key });
        expect(violations(r.headers), `${op.id} ${s.key}`).toEqual([]);
        expect(r.status, `${op.id} ${s.key}: ${r.text}`).toBe(s.status);
        expect(r.headers.get("x-svc-scenario")).toBe(s.key);
        if (r.status < 300 && op.method === "POST") created[op.resource.prefix] ??= r.body[op.resource.idField];
      }
    }
  });

  it("the gateway's errors match the document; Prism and the gateway agree on what is invalid", async () => {
    const ops = operations.filter((o) => o.api === api.id);
    for (const op of ops) {
      const req = scenarioRequest(op, op.scenarios.find((s) => s.default)!);
      const noToken = await send(prism, op, req.params, req.body, {});
      expect(noToken.status).toBe(401);
      expect(violations(noToken.headers).filter((v) => v.location[0] === "response")).toEqual([]);
      const badToken = await send(prism, op, req.params, req.body, { authorization: "Bearer nope" });
      expect(badToken.status).toBe(401);
      expect(violations(badToken.headers).filter((v) => v.location[0] === "response")).toEqual([]);
      if (op.body) {
        const invalid = await send(prism, op, req.params, { ...req.body, currency: "USD", to: "+1", idNumber: "", amount: "12.5" }, { authorization: `Bearer ${app.token}` });
        expect(invalid.status).toBe(400);
        expect(invalid.body.error).toBe("VALIDATION_ERROR");
        const found = violations(invalid.headers);
        expect(found.filter((v) => v.location[0] === "response")).toEqual([]);
        expect(found.filter((v) => v.location[0] === "request").length).toBeGreaterThan(0);
      }
    }
  });
});

describe("Prism's validation proxy on the token endpoint (POST /oauth/v1/token in every document)", () => {
  let prism: Prism;
  beforeAll(async () => {
    prism = await startPrism("proxy", `${origin()}/openapi/collect.json`, `${origin()}/sandbox`);
  }, 90_000);
  afterAll(() => prism?.stop());

  const token = (authorization: string, body: string) =>
    http("POST", `${prism.url}/oauth/v1/token`, { headers: { authorization, "content-type": "application/x-www-form-urlencoded" }, body });
  const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

  it("a token, a wrong secret and a wrong grant type answer as the document says, with no mismatch", async () => {
    const ok = await token(basic(app.keys.consumerKey, app.keys.consumerSecret), "grant_type=client_credentials");
    expect(ok.status, ok.text).toBe(200);
    expect(violations(ok.headers)).toEqual([]);
    expect(ok.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    const wrong = await token(basic(app.keys.consumerKey, "wrong"), "grant_type=client_credentials");
    expect([wrong.status, wrong.body.error]).toEqual([401, "INVALID_CLIENT"]);
    expect(violations(wrong.headers)).toEqual([]);
    const grant = await token(basic(app.keys.consumerKey, app.keys.consumerSecret), "grant_type=password");
    expect([grant.status, grant.body.error]).toEqual([400, "UNSUPPORTED_GRANT_TYPE"]);
    // The document allows only client_credentials: Prism flags the request, the server refuses it.
    expect(violations(grant.headers).filter((v) => v.location[0] === "response")).toEqual([]);
    expect(violations(grant.headers).filter((v) => v.location[0] === "request").length).toBeGreaterThan(0);
  });
});

describe("Prism's mock server", () => {
  let prism: Prism;
  beforeAll(async () => {
    prism = await startPrism("mock", `${origin()}/openapi/collect.json`);
  }, 90_000);
  afterAll(() => prism?.stop());

  it("answers each scenario's named example with Prefer: code=<status>, example=<scenario>", async () => {
    const op = operations.find((o) => o.id === "collect.push")!;
    for (const s of op.scenarios) {
      const req = scenarioRequest(op, s);
      const r = await send(prism, op, req.params, req.body, { authorization: "Bearer anything", prefer: `code=${s.status}, example=${s.key}` });
      expect(r.status, `${s.key}: ${r.text}`).toBe(s.status);
      expect(violations(r.headers)).toEqual([]);
      if (s.status >= 400) expect(r.body).toMatchObject({ error: (s.outcome as { error: string }).error });
      else expect(r.body).toMatchObject({ status: "PENDING" });
    }
  });
});
