// Stoplight Prism checks the published OpenAPI documents against the real
// server: through its validation proxy, every scenario of every operation and
// the gateway's own errors answer without a single mismatch in the responses
// (and without any in the requests when the request is valid); its mock
// server answers each scenario's named example (Prefer: example=<scenario>).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apis, GATEWAY_FAULT_NAMES, operations, type Operation } from "@/lib/catalog";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { scenarioRequest } from "@/lib/docs/samples";
import { randomBase62 } from "@/lib/ids";
import { basicAuth } from "../helpers/operator";
import { startPrism, violations, type Prism } from "../helpers/prism";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, fetchToken, http, newApp, origin, type TestApp } from "../helpers/apps";

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
  });
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
  });
  afterAll(() => prism?.stop());

  const token = (authorization: string, body: string) =>
    http("POST", `${prism.url}/oauth/v1/token`, { headers: { authorization, "content-type": "application/x-www-form-urlencoded" }, body });

  it("a token, a wrong secret and a wrong grant type answer as the document says, with no mismatch", async () => {
    const ok = await token(basicAuth(app.keys.consumerKey, app.keys.consumerSecret), "grant_type=client_credentials");
    expect(ok.status, ok.text).toBe(200);
    expect(violations(ok.headers)).toEqual([]);
    expect(ok.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    const wrong = await token(basicAuth(app.keys.consumerKey, "wrong"), "grant_type=client_credentials");
    expect([wrong.status, wrong.body.error]).toEqual([401, "INVALID_CLIENT"]);
    expect(violations(wrong.headers)).toEqual([]);
    const grant = await token(basicAuth(app.keys.consumerKey, app.keys.consumerSecret), "grant_type=password");
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
  });
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

describe("Prism's validation proxy on the developer API (/openapi/dev.json)", () => {
  let prism: Prism;
  let rx: Receiver;
  beforeAll(async () => {
    prism = await startPrism("proxy", `${origin()}/openapi/dev.json`, `${origin()}/sandbox`);
    rx = await startReceiver();
  });
  afterAll(async () => {
    await prism?.stop();
    await rx?.close();
  });

  /** One call through the proxy: no mismatch at all (or, for an invalid request, none in the response), and the status the handler answered is documented. */
  async function call(a: TestApp, method: string, path: string, body?: unknown, { status, invalid = false }: { status: number; invalid?: boolean } = { status: 200 }) {
    const r = await http(method, `${prism.url}${path}`, {
      headers: { authorization: `Bearer ${a.token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const found = violations(r.headers);
    expect(found.filter((v) => v.location[0] === "response"), `${method} ${path}: ${r.text}`).toEqual([]);
    if (!invalid) expect(found, `${method} ${path}`).toEqual([]);
    expect(r.status, `${method} ${path}: ${r.text}`).toBe(status);
    expect(r.headers.get("x-request-id")).toMatch(/^req_/);
    return r;
  }

  it("every endpoint (but the stream) answers as documented, successes and the errors its handler gives", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const push = (scenario: string) =>
      a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${rx.url}/cb` }), { "x-svc-scenario": scenario, "x-svc-time-scale": "0" });

    await call(a, "GET", "/dev/v1/settings");
    await call(a, "PATCH", "/dev/v1/settings", { timeScale: 0.5 });
    await call(a, "PATCH", "/dev/v1/settings", { timeScale: 2 }, { status: 400, invalid: true });
    await call(a, "GET", "/dev/v1/test-numbers");
    const tn = await call(a, "POST", "/dev/v1/test-numbers", { operationId: "collect.push", field: "phoneNumber", value: "254700000001", scenario: "cancelled" });
    await call(a, "DELETE", `/dev/v1/test-numbers/${tn.body.testNumbers[0].id}`);
    await call(a, "DELETE", `/dev/v1/test-numbers/${tn.body.testNumbers[0].id}`, undefined, { status: 404 });

    const paid = await push("paid");
    expect(paid.status, paid.text).toBe(202);
    const waited = await call(a, "GET", `/dev/v1/callbacks/wait?resourceId=${paid.body.checkoutId}&timeout=20`);
    expect(waited.body.status).toBe("ATTEMPTED");
    await call(a, "GET", "/dev/v1/callbacks/wait?resourceId=chk_nope&timeout=1", undefined, { status: 404 });
    const deliveryId: string = waited.body.delivery.id;
    await call(a, "POST", `/dev/v1/deliveries/${deliveryId}/resend`);
    await call(a, "POST", "/dev/v1/deliveries/dlv_nope/resend", undefined, { status: 404 });
    await call(a, "POST", "/dev/v1/deliveries/replay", { since: new Date(Date.now() - 60_000).toISOString() });
    await call(a, "POST", "/dev/v1/inbox/relays", { listener: "prism", target: "http://localhost:4000/hooks", deliveryId, status: 200, durationMs: 3 }, { status: 201 });
    await call(a, "POST", "/dev/v1/inbox/relays", { listener: "prism", target: "http://localhost:4000/hooks", deliveryId: "dlv_nope", status: 200, durationMs: 3 }, { status: 404 });

    const held = await push("held");
    expect(held.status, held.text).toBe(202);
    await call(a, "GET", "/dev/v1/resources/held");
    await call(a, "POST", `/dev/v1/resources/${held.body.checkoutId}/resolve`, { scenario: "cancelled" });
    await call(a, "POST", `/dev/v1/resources/${held.body.checkoutId}/resolve`, { scenario: "paid" }, { status: 409 });
    await call(a, "GET", `/dev/v1/resources/${held.body.checkoutId}/timeline`);
    await call(a, "GET", "/dev/v1/resources/chk_nope/timeline", undefined, { status: 404 });
    // a faulted call's note and the retry that found it (retryOf) as the timeline's schema says; the client checks' links
    const lostBody = collectBody({ callbackUrl: `${rx.url}/cb` });
    expect((await a.call("POST", "/collect/v1/push", lostBody, { "x-svc-fault": "error_after_commit" })).status).toBe(500);
    expect((await a.call("POST", "/collect/v1/push", lostBody)).status).toBe(409);
    const lost = await call(a, "GET", `/dev/v1/callbacks/wait?reference=${lostBody.reference}&timeout=1`);
    const found = await call(a, "GET", `/dev/v1/resources/${lost.body.delivery.resourceId}/timeline`);
    expect(found.body.events.filter((e: { retryOf?: string; note?: string }) => e.retryOf || e.note)).toHaveLength(2);
    await call(a, "GET", "/dev/v1/client-checks");
    await call(a, "GET", "/dev/v1/connections");

    const check = await call(a, "POST", "/dev/v1/receiver-checks", { url: `${rx.url}/cb` }, { status: 201 });
    await call(a, "GET", "/dev/v1/receiver-checks");
    await call(a, "GET", `/dev/v1/receiver-checks/${check.body.id}`);
    await call(a, "GET", "/dev/v1/receiver-checks/rck_nope", undefined, { status: 404 });
    await call(a, "POST", "/dev/v1/signatures/explain", devEndpoints.find((e) => e.id === "dev.signatures.explain")!.example!.input);
    await call(a, "GET", "/dev/v1/readiness");

    const box = await call(a, "POST", "/dev/v1/sandboxes", { ttlSeconds: 60, name: "prism" }, { status: 201 });
    await call(a, "GET", "/dev/v1/sandboxes");
    await call(a, "DELETE", `/dev/v1/sandboxes/${box.body.appId}`, undefined, { status: 204 });
    await call(a, "DELETE", `/dev/v1/sandboxes/${box.body.appId}`, undefined, { status: 404 });
    await call(a, "PUT", "/dev/v1/float/KES", { available: 5000 });
    await call(a, "PUT", "/dev/v1/float/USD", { available: 5000 }, { status: 400, invalid: true });
    await call(a, "GET", "/dev/v1/float");
    await call(a, "POST", "/dev/v1/reset", {});

    const anonymous = await http("GET", `${prism.url}/dev/v1/settings`);
    expect(anonymous.status).toBe(401);
    expect(violations(anonymous.headers).filter((v) => v.location[0] === "response")).toEqual([]);
  });
});

/**
 * Every fault (X-Svc-Fault) on every operation, and the header on every developer
 * endpoint, through Prism's validation proxy with --errors: a status or body the
 * document does not declare would come back as Prism's own error, and the
 * sl-violations header stays empty.
 */
describe("Prism's validation proxy with --errors, every fault", () => {
  const FAULT_STATUS: Record<string, number | null> = {
    lost_response: null, slow_response: 0, error_after_commit: 500, unavailable: 503, rate_limited: 429, token_expired: 401, lost_callback: 0, early_callback: 0,
  };
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver();
  });
  afterAll(() => rx?.close());

  it.each(apis)("$name API: each fault on each operation answers as documented, with no violation", async (api) => {
    expect(Object.keys(FAULT_STATUS).sort()).toEqual([...GATEWAY_FAULT_NAMES].sort());
    const prism = await startPrism("proxy", `${origin()}/openapi/${api.id}.json`, `${origin()}/sandbox`, { errors: true });
    try {
      const a = await newApp();
      const created: Record<string, string> = {};
      const ops = [...operations.filter((o) => o.api === api.id)].sort((x, y) => (x.method === "POST" ? -1 : 1) - (y.method === "POST" ? -1 : 1));
      for (const op of ops) {
        const s = op.scenarios.find((x) => x.default)!;
        for (const fault of GATEWAY_FAULT_NAMES) {
          const req = scenarioRequest(op, s);
          const body = req.body ? { ...req.body, ...(op.referenceField ? { [op.referenceField]: `PF-${randomBase62(10)}` } : {}), ...("callbackUrl" in req.body ? { callbackUrl: `${rx.url}/cb` } : {}) } : undefined;
          const first = Object.keys(req.params)[0];
          const params = first && created[op.resource.prefix] ? { ...req.params, [first]: created[op.resource.prefix]! } : req.params;
          // a fresh token each time: token_expired refuses the one it was sent with from then on
          const token = (await fetchToken(a.keys.consumerKey, a.keys.consumerSecret)).body.access_token as string;
          const headers = { authorization: `Bearer ${token}`, "x-svc-fault": fault, "x-svc-time-scale": "0" };
          const want = FAULT_STATUS[fault]!;
          if (want === null) {
            // the connection closes with no answer: Prism has nothing to check, and says so with its own error
            const r = await send(prism, op, params, body, headers).catch((e: Error) => e);
            if (!(r instanceof Error)) expect(violations(r.headers), `${op.id} ${fault}`).toEqual([]);
            continue;
          }
          const r = await send(prism, op, params, body, headers);
          expect(violations(r.headers), `${op.id} ${fault}`).toEqual([]);
          expect(r.status, `${op.id} ${fault}: ${r.text}`).toBe(want || s.status);
          if (want >= 400) expect(r.body.requestId, `${op.id} ${fault}`).toMatch(/^req_/);
          if (r.status < 300 && op.method === "POST") created[op.resource.prefix] ??= r.body[op.resource.idField];
        }
      }
    } finally {
      await prism.stop();
    }
  });

  it("the developer API: X-Svc-Fault on any endpoint answers 400 VALIDATION_ERROR, as documented, with no violation", async () => {
    const prism = await startPrism("proxy", `${origin()}/openapi/dev.json`, `${origin()}/sandbox`, { errors: true });
    try {
      const a = await newApp();
      const PARAMS: Record<string, string> = { id: "tn_nope", deliveryId: "dlv_nope", checkId: "rck_nope", appId: "app_nope", currency: "KES" };
      for (const e of devEndpoints.filter((x) => !x.stream)) {
        const path = e.path.replace(/\{(\w+)\}/g, (_m, n: string) => PARAMS[n] ?? "x");
        const body = e.body ? (e.example?.input ?? {}) : undefined;
        const r = await http(e.method, `${prism.url}${path}`, {
          headers: { authorization: `Bearer ${a.token}`, "x-svc-fault": "unavailable", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(violations(r.headers), `${e.method} ${e.path}`).toEqual([]);
        expect([r.status, r.body.error], `${e.method} ${e.path}: ${r.text}`).toEqual([400, "VALIDATION_ERROR"]);
        expect(r.body.message).toContain("X-Svc-Fault");
      }
      // the reset takes no body at all
      const reset = await http("POST", `${prism.url}/dev/v1/reset`, { headers: { authorization: `Bearer ${a.token}` } });
      expect(violations(reset.headers)).toEqual([]);
      expect(reset.status, reset.text).toBe(200);
    } finally {
      await prism.stop();
    }
  });
});
