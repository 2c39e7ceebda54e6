// Bad input gets its 4xx and the error body, never a 5xx.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { base, collectBody, newApp } from "../helpers/apps";

/** A raw request, so header values can carry bytes fetch would refuse to send. */
function raw(method: string, url: string, headers: Record<string, string>, body = ""): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        let parsed: unknown = text;
        try { parsed = JSON.parse(text); } catch { /* keep text */ }
        resolve({ status: res.statusCode!, body: parsed, headers: res.headers });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

const errorShape = { error: expect.any(String), message: expect.any(String), requestId: expect.stringMatching(/^req_/) };

describe("bad input", () => {
  it("malformed Basic headers at the token endpoint: 401 INVALID_CLIENT", async () => {
    const url = `${base()}/oauth/v1/token`;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const values = [
      "Basic", "Basic ", "Basic !!!not-base64!!!", `Basic ${Buffer.from("no-colon").toString("base64")}`,
      `Basic ${Buffer.from(":only-secret").toString("base64")}`, `Basic ${Buffer.from("ключ:секрет").toString("base64")}`,
      `Basic ${"A".repeat(8000)}`, "Basic\u00e9\u00e8", "Digest username=x",
    ];
    for (const v of values) {
      const r = await raw("POST", url, { ...form, authorization: Buffer.from(v, "latin1").toString("latin1") }, "grant_type=client_credentials");
      expect([v.slice(0, 30), r.status, r.body.error]).toEqual([v.slice(0, 30), 401, "INVALID_CLIENT"]);
      expect(r.body).toEqual({ ...errorShape, error_description: r.body.message });
    }
  });

  it("unicode and very long header values on the gateway: 401, never 5xx", async () => {
    const url = `${base()}/collect/v1/push`;
    for (const authorization of ["Bearer \u00ff\u00fe\u00e9", `Bearer ${"x".repeat(8000)}`, "Bearer a b c"]) {
      const r = await raw("POST", url, { authorization }, "{}");
      expect(r.status).toBe(401);
      expect(r.body).toEqual(errorShape);
    }
    const a = await newApp();
    const r = await raw("GET", `${base()}/collect/v1/push/chk_1`, { authorization: `Bearer ${a.token}`, "x-svc-scenario": "\u00e9".repeat(3000) });
    expect(r.status).toBe(200); // an unknown scenario key is ignored, and named (its first 100 characters, percent-encoded)
    expect(r.headers["x-svc-scenario-ignored"]).toBe("%C3%A9".repeat(100));
  });

  it("an X-Svc-Scenario key the operation does not have is ignored, and the answer names it in x-svc-scenario-ignored", async () => {
    const a = await newApp();
    const typo = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2 }), { "x-svc-scenario": "canceled" });
    expect([typo.status, typo.headers.get("x-svc-scenario"), typo.headers.get("x-svc-scenario-ignored")]).toEqual([202, "cancelled", "canceled"]); // the magic value's scenario
    const other = await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-scenario": " float_low " }); // a key of another operation
    expect([other.headers.get("x-svc-scenario"), other.headers.get("x-svc-scenario-ignored")]).toEqual(["paid", "float_low"]);
    expect(other.headers.get("access-control-expose-headers")).toContain("x-svc-scenario-ignored");
    const known = await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-scenario": "no_answer" });
    expect([known.headers.get("x-svc-scenario"), known.headers.get("x-svc-scenario-ignored")]).toEqual(["no_answer", null]);
    const none = await a.call("POST", "/collect/v1/push", collectBody());
    expect(none.headers.get("x-svc-scenario-ignored")).toBeNull();
  });

  it("a body sent as another type than JSON: 415 UNSUPPORTED_MEDIA_TYPE after the gateway's checks, with no scenario; JSON types, no Content-Type or no body are read as before", async () => {
    const a = await newApp();
    const json = JSON.stringify(collectBody());
    const url = `${base()}/collect/v1/push`;
    const auth = { authorization: `Bearer ${a.token}` };
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"]) {
      const r = await raw("POST", url, { ...auth, "content-type": type }, json);
      expect([type, r.status, r.body.error]).toEqual([type, 415, "UNSUPPORTED_MEDIA_TYPE"]);
      expect(r.body).toEqual({ ...errorShape, error: "UNSUPPORTED_MEDIA_TYPE" });
      expect(r.body.message).toContain("application/json");
      expect(r.headers["x-svc-scenario"]).toBeUndefined();
    }
    // fetch sends a string body as text/plain unless told otherwise.
    const fetched = await fetch(url, { method: "POST", headers: auth, body: json });
    expect([fetched.status, ((await fetched.json()) as { error: string }).error]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    // The gateway's checks come first: no token is still 401.
    expect((await raw("POST", url, { "content-type": "text/plain" }, json)).status).toBe(401);
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json"]) {
      expect([type, (await raw("POST", url, { ...auth, "content-type": type }, JSON.stringify(collectBody()))).status]).toEqual([type, 202]);
    }
    expect((await raw("POST", url, auth, JSON.stringify(collectBody()))).status).toBe(202); // no Content-Type: read as JSON
    const empty = await raw("POST", url, { ...auth, "content-type": "text/plain" }, "");
    expect([empty.status, empty.body.error]).toEqual([400, "VALIDATION_ERROR"]); // nothing sent: the fields are missing
    // The developer endpoints too.
    const dev = await raw("PATCH", `${base()}/dev/v1/settings`, { ...auth, "content-type": "text/plain" }, '{"timeScale":0}');
    expect([dev.status, dev.body.error]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });

  it("non-JSON bodies, arrays and scalars where objects belong: 400 INVALID_BODY", async () => {
    const a = await newApp();
    for (const body of ["{", "hello", "[]", "[{\"amount\":1}]", "null", "42", "\"str\"", "{\"a\":1}}"]) {
      const r = await a.call("POST", "/collect/v1/push", body);
      expect([body, r.status, r.body.error]).toEqual([body, 400, "INVALID_BODY"]);
    }
  });

  it("bodies over 64 KiB: 413 BODY_TOO_LARGE, declared or streamed", async () => {
    const a = await newApp();
    const big = JSON.stringify({ ...collectBody(), description: "x".repeat(65 * 1024) });
    const r = await a.call("POST", "/collect/v1/push", big);
    expect([r.status, r.body.error]).toEqual([413, "BODY_TOO_LARGE"]);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base()}/collect/v1/push`, { method: "POST", headers: { authorization: `Bearer ${a.token}`, "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      for (let i = 0; i < 70; i++) req.write("x".repeat(1024));
      req.end();
    });
    expect(chunked).toBe(413);
  });

  it("objects where scalars belong, and scalars where objects belong: 400 VALIDATION_ERROR", async () => {
    const a = await newApp();
    const cases: [string, unknown, string][] = [
      ["/collect/v1/push", collectBody({ amount: { n: 1 } }), "amount"],
      ["/collect/v1/push", collectBody({ reference: ["a"] }), "reference"],
      ["/collect/v1/push", collectBody({ phoneNumber: 254712345678 }), "phoneNumber"],
      ["/payouts/v1/send", { amount: 100, currency: "KES", destination: "mobile", reference: "R", callbackUrl: "https://x.test" }, "destination"],
      ["/messaging/v1/sms", { to: "254712345678", senderId: "S", message: "x".repeat(919) }, "message"],
      ["/identity/v1/verifications", { idNumber: "" }, "idNumber"],
    ];
    for (const [path, body, field] of cases) {
      const r = await a.call("POST", path, body);
      expect([path, r.status, r.body.error]).toEqual([path, 400, "VALIDATION_ERROR"]);
      expect(r.body.message).toContain(field);
    }
  });

  it("path ids that are too long or oddly encoded", async () => {
    const a = await newApp();
    const long = await a.call("GET", `/collect/v1/push/${"c".repeat(100)}`);
    expect([long.status, long.body.error]).toEqual([400, "VALIDATION_ERROR"]);
    const odd = await a.call("GET", "/collect/v1/push/%E0%A4%A");
    expect(odd.status).toBeLessThan(500);
  });
});
