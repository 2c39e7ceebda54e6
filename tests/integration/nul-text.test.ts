// A NUL character in a path id or a body field is input like any other: never
// a 5xx (PostgreSQL cannot store NUL in text; the hot-path store maps it).
import { describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { collectBody, newApp, origin } from "../helpers/apps";

describe("NUL characters in input", () => {
  it("a path id with %00 answers the scripted default; a reference with \\u0000 is accepted, then a duplicate", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const get = await a.call("GET", "/collect/v1/push/chk_a%00b");
    expect(get.status).toBe(200);
    const body = collectBody({ reference: "R\u0000X", callbackUrl: "http://127.0.0.1:9/cb" });
    const first = await a.call("POST", "/collect/v1/push", body, { "x-svc-time-scale": "0.5" });
    expect(first.status).toBe(202);
    const again = await a.call("POST", "/collect/v1/push", body, { "x-svc-time-scale": "0.5" });
    expect(again.status).toBe(409);
  });

  it("console routes and pages answer 404 or 400 for ids and text holding NUL, never a 5xx", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    const cookie = { cookie: session! };
    for (const p of ["/api/console/apps/%00", `/api/console/apps/${a.appId}/deliveries/dlv_%00`, `/api/console/apps/${a.appId}/requests/req_%00`, "/apps/app_%00x"]) {
      const r = await fetch(`${origin()}${p}`, { headers: cookie, redirect: "manual" });
      expect(r.status, p).toBe(404);
    }
    const search = await fetch(`${origin()}/api/console/apps/${a.appId}/requests?requestId=req_%00`, { headers: cookie });
    expect(search.status).toBe(200);
    expect((await search.json()).items ?? []).toEqual([]);
  });
});
