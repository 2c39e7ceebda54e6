// Every gateway error (lib/errors.ts; README "How the sandbox behaves", Checks,
// in order), over HTTP, and the order cases.
import { describe, expect, it } from "vitest";
import { base, cli, collectBody, http, newApp, type Reply } from "../helpers/apps";

function expectError(r: Reply, status: number, code: string) {
  expect({ status: r.status, error: r.body?.error }).toEqual({ status, error: code });
  // VALIDATION_ERROR adds `details`: every invalid field
  const details = code === "VALIDATION_ERROR" ? { details: expect.arrayContaining([{ field: expect.any(String), message: expect.any(String) }]) } : {};
  expect(r.body).toEqual({ error: code, message: expect.any(String), requestId: r.headers.get("x-request-id"), ...details });
  expect(r.headers.get("x-svc-scenario")).toBeNull();
}

describe("gateway checks", () => {
  it("401 MISSING_TOKEN without a bearer token, even on an unknown path", async () => {
    expectError(await http("GET", `${base()}/no/such/path`), 401, "MISSING_TOKEN");
    expectError(await http("POST", `${base()}/collect/v1/push`, { headers: { authorization: "Basic abc" } }), 401, "MISSING_TOKEN");
  });

  it("401 INVALID_TOKEN for an unknown token, and for an expired one", async () => {
    expectError(await http("GET", `${base()}/collect/v1/push/chk_1`, { headers: { authorization: "Bearer nope" } }), 401, "INVALID_TOKEN");
    const a = await newApp();
    expect((await a.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    // The token_expired fault ends the token's life now (lib/engine/gateway-faults.ts); the hour a token lives is token.test.ts's.
    expectError(await a.call("GET", "/collect/v1/push/chk_1", undefined, { "x-svc-fault": "token_expired" }), 401, "INVALID_TOKEN");
    expectError(await a.call("GET", "/collect/v1/push/chk_1"), 401, "INVALID_TOKEN");
  });

  it("revoking a key pair through the command line stops its live token on the next call", async () => {
    const a = await newApp();
    expect((await a.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    const r = await cli("key", "revoke", "--key", a.keys.consumerKey);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual({ consumerKey: a.keys.consumerKey, revokedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expectError(await a.call("GET", "/collect/v1/push/chk_1"), 401, "INVALID_TOKEN");
  });

  it("403 APP_SUSPENDED comes before NO_SUCH_OPERATION; resuming lets calls through", async () => {
    const a = await newApp();
    expect((await cli("app", "suspend", "--app", a.appId)).json).toEqual({ appId: a.appId, suspended: true });
    expectError(await a.call("GET", "/no/such/path"), 403, "APP_SUSPENDED");
    expectError(await a.call("GET", "/collect/v1/push/chk_1"), 403, "APP_SUSPENDED");
    expect((await cli("app", "resume", "--app", a.appId)).json).toEqual({ appId: a.appId, suspended: false });
    expect((await a.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
  });

  it("404 NO_SUCH_OPERATION when the path matches nothing", async () => {
    const a = await newApp();
    expectError(await a.call("GET", "/collect/v2/push/chk_1"), 404, "NO_SUCH_OPERATION");
    expectError(await a.call("POST", "/collect/v1/nothing"), 404, "NO_SUCH_OPERATION");
  });

  it("an operation's path with another method: 401 MISSING_TOKEN without a token, 404 NO_SUCH_OPERATION with Allow with one; never 405", async () => {
    const a = await newApp();
    const cases = [
      ["GET", "/collect/v1/push", "POST"], ["DELETE", "/collect/v1/push", "POST"], ["PUT", "/collect/v1/push", "POST"],
      ["DELETE", "/collect/v1/push/chk_1", "GET"], ["PATCH", "/payouts/v1/send", "POST, GET"], ["HEAD", "/collect/v1/push", "POST"],
      ["OPTIONS", "/collect/v1/push", "POST"], ["PROPFIND", "/messaging/v1/sms", "POST"], ["GET", "/oauth/v1/token", "POST"],
      ["DELETE", "/dev/v1/settings", "GET, PATCH"],
    ] as const;
    for (const [method, path, allow] of cases) {
      const without = await http(method, `${base()}${path}`);
      const withToken = await a.call(method, path);
      expect([without.status, withToken.status, withToken.headers.get("allow")], `${method} ${path}`).toEqual([401, 404, allow]);
      if (method === "HEAD") continue; // no body on a HEAD answer
      expectError(without, 401, "MISSING_TOKEN");
      expectError(withToken, 404, "NO_SUCH_OPERATION");
    }
    expect((await a.call("DELETE", "/collect/v1/push")).body.message).toBe("no operation is DELETE /collect/v1/push");
    // A suspended app's call with a wrong method stops at APP_SUSPENDED, the check before.
    expect((await cli("app", "suspend", "--app", a.appId)).json).toMatchObject({ suspended: true });
    expectError(await a.call("DELETE", "/collect/v1/push"), 403, "APP_SUSPENDED");
  });

  it("403 NOT_SUBSCRIBED for a group the app has not added", async () => {
    const a = await newApp({ groups: ["Payments"] });
    expectError(await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "S", message: "m" }), 403, "NOT_SUBSCRIBED");
    expectError(await a.call("GET", "/identity/v1/verifications/ver_1"), 403, "NOT_SUBSCRIBED");
  });

  it("403 SUBSCRIPTION_PENDING while Treasury waits; approved through the command line, the call passes", async () => {
    const a = await newApp({ groups: ["Payments"] });
    expect((await cli("subscribe", "--app", a.appId, "--group", "Treasury")).json).toEqual({ appId: a.appId, group: "Treasury", status: "PENDING" });
    expectError(await a.call("GET", "/payouts/v1/pay_1"), 403, "SUBSCRIPTION_PENDING");
    expect((await cli("review", "--app", a.appId, "--group", "Treasury", "--approve")).json).toEqual({ appId: a.appId, group: "Treasury", status: "ACTIVE" });
    const r = await a.call("GET", "/payouts/v1/pay_1");
    expect(r.status).toBe(200);
    expect(r.headers.get("x-svc-scenario")).toBe("delivered");
  });

  it("a rejected Treasury subscription answers NOT_SUBSCRIBED", async () => {
    const a = await newApp({ groups: ["Payments"] });
    await cli("subscribe", "--app", a.appId, "--group", "Treasury");
    expect((await cli("review", "--app", a.appId, "--group", "Treasury", "--reject")).json.status).toBe("REJECTED");
    expectError(await a.call("GET", "/payouts/v1/pay_1"), 403, "NOT_SUBSCRIBED");
  });

  it("400 INVALID_BODY, 413 BODY_TOO_LARGE and 400 VALIDATION_ERROR naming the field", async () => {
    const a = await newApp();
    expectError(await a.call("POST", "/collect/v1/push", "{not json"), 400, "INVALID_BODY");
    expectError(await a.call("POST", "/collect/v1/push", "[]"), 400, "INVALID_BODY");
    expectError(await a.call("POST", "/collect/v1/push", { ...collectBody(), description: "x".repeat(70 * 1024) }), 413, "BODY_TOO_LARGE");
    const v = await a.call("POST", "/collect/v1/push", collectBody({ amount: 12.5 }));
    expectError(v, 400, "VALIDATION_ERROR");
    expect(v.body.message).toBe("amount must be an integer of at least 1");
  });
});
