import { describe, expect, it } from "vitest";
import { setSuspended } from "@/lib/services/apps";
import { revokeKeyPair } from "@/lib/services/keys";
import { ownerView } from "../helpers/owner-view";
import { base, collectBody, http, newApp } from "../helpers/apps";

describe("request log", () => {
  it("keeps every call that passed the token check, refused ones included, with status and scenario key", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const ok = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2 }));
    const unknown = await a.call("GET", "/nope");
    const notSub = await a.call("GET", "/payouts/v1/pay_1");
    const invalid = await a.call("POST", "/collect/v1/push", "{");
    await setSuspended(a.appId, true);
    const suspended = await a.call("GET", "/collect/v1/push/chk_1");
    const owner = await ownerView(a);
    const rows = await owner.requests();
    expect(rows.map((r) => [r.requestId, r.status, r.scenarioKey])).toEqual([
      [ok.headers.get("x-request-id"), 202, "cancelled"],
      [unknown.headers.get("x-request-id"), 404, null],
      [notSub.headers.get("x-request-id"), 403, null],
      [invalid.headers.get("x-request-id"), 400, null],
      [suspended.headers.get("x-request-id"), 403, null],
    ]);
    const first = await owner.request(rows[0]!.requestId);
    expect(first).toMatchObject({ method: "POST", path: "/collect/v1/push", operationId: "collect.push", via: "http" });
    expect(first.durationMs).toBeGreaterThanOrEqual(120); // includes the scripted delay
    expect(first.requestHeaders.authorization).toBe("Bearer [redacted]");
    expect(JSON.stringify(first.requestHeaders)).not.toContain(a.token);
    expect(first.requestBody).toMatchObject({ amount: 2 });
    expect(first.responseBody).toEqual(ok.body);
    expect(first.responseHeaders).toMatchObject({ "x-svc-scenario": "cancelled", "x-request-id": ok.headers.get("x-request-id") });
  });

  it("does not log calls refused at the token check", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const wrong = await http("GET", `${base()}/collect/v1/push/chk_1`, { headers: { authorization: "Bearer wrong" } });
    expect(wrong.status).toBe(401);
    await revokeKeyPair(a.keys.consumerKey, a.appId); // the app's own token, refused at the token check from now on
    const revoked = await a.call("GET", "/collect/v1/push/chk_1");
    expect(revoked.status).toBe(401);
    const owner = await ownerView(a);
    for (const r of [wrong, revoked]) expect(await owner.requests({ requestId: r.body.requestId })).toEqual([]);
    expect(await owner.requests()).toEqual([]);
  });
});
