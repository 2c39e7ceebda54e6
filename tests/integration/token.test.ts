import { describe, expect, it } from "vitest";
import { base, fetchToken, http, newApp } from "../helpers/apps";
import { cliBatch, setUpApp } from "../helpers/operator";
import { heldPortal } from "../helpers/own-server";

const basic = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;
const tokenCall = (headers: Record<string, string>, body = "grant_type=client_credentials", at = base()) =>
  http("POST", `${at}/oauth/v1/token`, { headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });

describe("POST /oauth/v1/token", () => {
  it("exchanges a key pair for a one-hour bearer token, not cached", async () => {
    const { keys } = await newApp();
    const r = await fetchToken(keys.consumerKey, keys.consumerSecret);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("x-request-id")).toMatch(/^req_/);
    expect(r.body.access_token.length).toBeGreaterThanOrEqual(32);
  });

  it("401 INVALID_CLIENT without Basic auth, with a wrong secret, an unknown key or a revoked pair", async () => {
    const { keys } = await newApp();
    const cases: Record<string, string>[] = [
      {},
      { authorization: basic(`${keys.consumerKey}:wrong`) },
      { authorization: basic(`unknown-key:${keys.consumerSecret}`) },
      { authorization: `Bearer ${keys.consumerSecret}` },
    ];
    for (const headers of cases) {
      const r = await tokenCall(headers);
      expect(r.status).toBe(401);
      // error_description (RFC 6749 §5.2): the same text as message, which OAuth libraries show.
      expect(r.body).toEqual({ error: "INVALID_CLIENT", message: expect.any(String), error_description: r.body.message, requestId: r.headers.get("x-request-id") });
    }
  });

  it("400 UNSUPPORTED_GRANT_TYPE for a missing or other grant_type", async () => {
    const { keys } = await newApp();
    const auth = { authorization: basic(`${keys.consumerKey}:${keys.consumerSecret}`) };
    for (const body of ["", "grant_type=password", "grant_type=refresh_token", "{\"grant_type\":\"client_credentials\"}"]) {
      const r = await tokenCall(auth, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("UNSUPPORTED_GRANT_TYPE");
      expect(r.body.error_description).toBe("grant_type must be client_credentials (form-encoded body)");
      expect(r.body.message).toBe(r.body.error_description);
    }
  });

  it("any other method goes through the gateway's checks: 401 MISSING_TOKEN with Basic credentials, 404 NO_SUCH_OPERATION with Allow: POST with a bearer token", async () => {
    const a = await newApp();
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const r = await http(method, `${base()}/oauth/v1/token`, { headers: { authorization: basic(`${a.keys.consumerKey}:${a.keys.consumerSecret}`) } });
      expect([r.status, r.body.error], `${method}: ${r.text}`).toEqual([401, "MISSING_TOKEN"]);
      expect(r.body.requestId).toBe(r.headers.get("x-request-id"));
      const t = await a.call(method, "/oauth/v1/token");
      expect([t.status, t.body.error, t.headers.get("allow")], `${method}: ${t.text}`).toEqual([404, "NO_SUCH_OPERATION", "POST"]);
    }
  });

  it("after 10 failures for a key from one address, that address is refused even the right secret (429) for a while", async () => {
    // The failures are counted per clock minute (lib/throttle.ts): the 10 and the refused attempt in one minute.
    const { portal, url } = await heldPortal("token_guard");
    try {
      const app = await setUpApp(url, portal.origin);
      const at = `${portal.origin}/sandbox`;
      const auth = (key: string, secret: string) => ({ authorization: basic(`${key}:${secret}`) });
      for (let i = 0; i < 10; i++) {
        expect((await tokenCall(auth(app.keys.consumerKey, `guess-${i}`), undefined, at)).status).toBe(401);
      }
      const r = await tokenCall(auth(app.keys.consumerKey, app.keys.consumerSecret), undefined, at);
      expect(r.status).toBe(429);
      expect(r.body.error).toBe("RATE_LIMITED");
      expect([r.body.error_description, r.body.requestId]).toEqual([r.body.message, r.headers.get("x-request-id")]);
      expect(r.headers.get("retry-after")).toBe("60"); // the clock stands at the window's start
      // another key from the same address is not affected
      const [other] = await cliBatch(url, portal.origin, [["key", "create", "--app", app.appId]]);
      expect((await tokenCall(auth(other!.consumerKey!, other!.consumerSecret!), undefined, at)).status).toBe(200);
    } finally {
      await portal.close();
    }
  });
});
