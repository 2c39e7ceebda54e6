import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/prisma";
import { setSuspended } from "@/lib/services/apps";
import { base, collectBody, http, newApp } from "../helpers/sandbox";

describe("request log", () => {
  it("keeps every call that passed the token check, refused ones included, with status and scenario key", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const ok = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2 }));
    const unknown = await a.call("GET", "/nope");
    const notSub = await a.call("GET", "/payouts/v1/pay_1");
    const invalid = await a.call("POST", "/collect/v1/push", "{");
    await setSuspended(a.appId, true);
    const suspended = await a.call("GET", "/collect/v1/push/chk_1");
    const rows = await db.requestLog.findMany({ where: { appId: a.appId }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => [r.requestId, r.status, r.scenarioKey])).toEqual([
      [ok.headers.get("x-request-id"), 202, "cancelled"],
      [unknown.headers.get("x-request-id"), 404, null],
      [notSub.headers.get("x-request-id"), 403, null],
      [invalid.headers.get("x-request-id"), 400, null],
      [suspended.headers.get("x-request-id"), 403, null],
    ]);
    const first = rows[0]!;
    expect(first).toMatchObject({ method: "POST", path: "/collect/v1/push", operationId: "collect.push", via: "http" });
    expect(first.durationMs).toBeGreaterThanOrEqual(120); // includes the scripted delay
    const reqHeaders = JSON.parse(first.requestHeaders);
    expect(reqHeaders.authorization).toBe("Bearer [redacted]");
    expect(first.requestHeaders).not.toContain(a.token);
    expect(JSON.parse(first.requestBody!)).toMatchObject({ amount: 2 });
    expect(JSON.parse(first.responseBody)).toEqual(ok.body);
    expect(JSON.parse(first.responseHeaders)).toMatchObject({ "x-svc-scenario": "cancelled", "x-request-id": ok.headers.get("x-request-id") });
  });

  it("does not log calls refused at the token check", async () => {
    const before = await db.requestLog.count();
    const r = await http("GET", `${base()}/collect/v1/push/chk_1`, { headers: { authorization: "Bearer wrong" } });
    expect(r.status).toBe(401);
    expect(await db.requestLog.count()).toBe(before);
  });
});
