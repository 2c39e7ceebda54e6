// Third-party OAuth 2.0 clients get a token from the real token endpoint and
// use it: openid-client (strict RFC 6749 §2.3.1: it form-urlencodes the id and
// secret) and simple-oauth2. Keys and secrets are letters and digits
// (lib/services/keys.ts), which no client encodes; key pairs made before that
// may hold "-" and "_", which strict clients send as %2D and %5F: the third test
// sends every character encoded. 401 answers carry their challenge: Basic on the
// token endpoint, Bearer on the gateway.
import * as oidc from "openid-client";
import { ClientCredentials } from "simple-oauth2";
import { describe, expect, it } from "vitest";
import { base, http, newApp, origin } from "../helpers/apps";

const tokenUrl = () => `${base()}/oauth/v1/token`;
const tokenCall = (authorization: string) =>
  http("POST", tokenUrl(), {
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
/** Every character percent-encoded: a valid form-urlencoding of any string. */
const encodeAll = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

describe("OAuth clients", () => {
  it("openid-client (client_secret_basic) gets a token that the gateway accepts", async () => {
    const app = await newApp();
    const config = new oidc.Configuration(
      { issuer: origin(), token_endpoint: tokenUrl() },
      app.keys.consumerKey,
      undefined,
      oidc.ClientSecretBasic(app.keys.consumerSecret),
    );
    oidc.allowInsecureRequests(config); // the test server is plain http on loopback
    const tokens = await oidc.clientCredentialsGrant(config);
    expect(tokens.token_type).toBe("bearer"); // openid-client normalises the case
    expect(tokens.expires_in).toBe(3600);
    const r = await http("GET", `${base()}/collect/v1/push/chk_missing`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(r.status).toBe(404);
    expect(r.headers.get("x-svc-scenario")).toBe("not_found");

    // A wrong secret: openid-client surfaces the 401 and the Basic challenge it carries, which says why (RFC 6749 §5.2).
    const bad = new oidc.Configuration({ issuer: origin(), token_endpoint: tokenUrl() }, app.keys.consumerKey, undefined, oidc.ClientSecretBasic("wrong"));
    oidc.allowInsecureRequests(bad);
    const e = await oidc.clientCredentialsGrant(bad).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
    const why = "the Basic credentials must be the consumer key and secret of an active key pair";
    expect(e).toMatchObject({ status: 401, cause: [{ scheme: "basic", parameters: { realm: "Svc Sandbox", error: "invalid_client", error_description: why } }] });
    // The spec's error body is still there.
    expect(await (e as oidc.WWWAuthenticateChallengeError).response.json()).toMatchObject({ error: "INVALID_CLIENT", message: why, requestId: expect.any(String) });
  });

  it("openid-client shows why the gateway refused a token: the Bearer challenge's error_description (RFC 6750 §3)", async () => {
    const app = await newApp();
    const config = new oidc.Configuration({ issuer: origin(), token_endpoint: tokenUrl() }, app.keys.consumerKey, undefined, oidc.ClientSecretBasic(app.keys.consumerSecret));
    oidc.allowInsecureRequests(config);
    const refusal = async (token: string, headers?: Record<string, string>) => {
      const e = await oidc.fetchProtectedResource(config, token, new URL(`${base()}/collect/v1/push/chk_missing`), "GET", undefined, new Headers(headers)).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
      const err = e as oidc.WWWAuthenticateChallengeError;
      const body = await err.response.json();
      expect(body).toMatchObject({ error: "INVALID_TOKEN", requestId: expect.any(String) });
      expect(err.cause).toEqual([{ scheme: "bearer", parameters: { realm: "Svc Sandbox", error: "invalid_token", error_description: body.message } }]);
      return body.message as string;
    };
    expect(await refusal("not-a-token")).toBe("the access token is not known; request a new one");
    const { access_token } = await oidc.clientCredentialsGrant(config);
    expect(await refusal(access_token, { "x-svc-fault": "token_expired" })).toBe("the access token has expired; request a new one");
    expect(await refusal(access_token)).toMatch(/^the access token was expired on purpose at \S+Z \(X-Svc-Fault: token_expired\); request a new one$/);
  });

  it("simple-oauth2 gets a token that the gateway accepts", async () => {
    const app = await newApp();
    const client = new ClientCredentials({
      client: { id: app.keys.consumerKey, secret: app.keys.consumerSecret },
      auth: { tokenHost: origin(), tokenPath: "/sandbox/oauth/v1/token" },
    });
    const token = await client.getToken({});
    expect(token.token.token_type).toBe("Bearer");
    const r = await http("GET", `${base()}/collect/v1/push/chk_missing`, { headers: { authorization: `Bearer ${token.token.access_token}` } });
    expect(r.status).toBe(404);

    // A wrong secret: the error simple-oauth2 throws carries the answer's error_description (RFC 6749 §5.2), so it says why.
    const bad = new ClientCredentials({ client: { id: app.keys.consumerKey, secret: "wrong" }, auth: { tokenHost: origin(), tokenPath: "/sandbox/oauth/v1/token" } });
    const e = (await bad.getToken({}).catch((x: unknown) => x)) as { output: { statusCode: number }; data: { payload: Record<string, string> } };
    expect(e.output.statusCode).toBe(401);
    expect(e.data.payload).toMatchObject({ error: "INVALID_CLIENT", error_description: "the Basic credentials must be the consumer key and secret of an active key pair" });
  });

  it("decodes form-urlencoded Basic credentials (RFC 6749 §2.3.1), every character encoded", async () => {
    const { keys } = await newApp();
    const basic = Buffer.from(`${encodeAll(keys.consumerKey)}:${encodeAll(keys.consumerSecret)}`).toString("base64");
    const r = await tokenCall(`Basic ${basic}`);
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe("Bearer");
    // Malformed percent-encoding is a bad credential, not a 5xx.
    const broken = await tokenCall(`Basic ${Buffer.from(`${keys.consumerKey}:%E0%A4%A`).toString("base64")}`);
    expect(broken.status).toBe(401);
    expect(broken.body.error).toBe("INVALID_CLIENT");
  });
});

describe("WWW-Authenticate on 401", () => {
  it("the token endpoint challenges with Basic", async () => {
    const r = await tokenCall("Basic bm9ib2R5Om5vdGhpbmc=");
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Basic realm="[^"]+"/);
    const none = await http("POST", tokenUrl(), { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("the gateway challenges with Bearer: no error without a token, invalid_token with a bad one (RFC 6750 §3)", async () => {
    const none = await http("GET", `${base()}/collect/v1/push/chk_1`);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("MISSING_TOKEN");
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="Svc Sandbox"');
    const bad = await http("GET", `${base()}/collect/v1/push/chk_1`, { headers: { authorization: "Bearer nope" } });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe("INVALID_TOKEN");
    expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer realm="Svc Sandbox", error="invalid_token", error_description="[^"]+"$/);
    // Answers that are not 401 carry no challenge.
    const app = await newApp();
    const ok = await app.call("GET", "/collect/v1/push/chk_missing");
    expect(ok.headers.get("www-authenticate")).toBeNull();
  });
});
