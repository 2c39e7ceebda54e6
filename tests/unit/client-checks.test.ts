// The client checks' judge (lib/activity/client-checks.ts), pure over log rows:
// each check PASSED, FAILED (with its why) and NOT_EXERCISED.
import { describe, expect, it } from "vitest";
import { judgeClientChecks, type ClientLogRow } from "@/lib/activity/client-checks";
import { operations } from "@/lib/catalog";
import { GATEWAY_FAULTS } from "@/lib/engine";

const T0 = Date.parse("2026-11-26T10:00:00Z");
let seq = 0;
function row(atMs: number, o: Partial<ClientLogRow> = {}): ClientLogRow {
  return {
    requestId: `req_${seq++}`, method: "POST", path: "/payouts/v1/send", operationId: "payouts.send", status: 202, fault: null,
    requestBody: null, responseBody: "{}", responseHeaders: "{}", durationMs: 50, createdAt: new Date(T0 + atMs), ...o,
  };
}
const payout = (reference: string, amount = 500) =>
  JSON.stringify({ amount, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference });
const check = (rows: ClientLogRow[], name: string) => judgeClientChecks(rows).find((c) => c.name === name)!;

describe("client checks", () => {
  it("nothing injected: every check NOT_EXERCISED", () => {
    expect(judgeClientChecks([row(0, { requestBody: payout("A") })]).map((c) => c.status)).toEqual(Array(4).fill("NOT_EXERCISED"));
  });

  it("retry_reuses_reference: the same reference after a lost answer passes; another reference for the same payout fails, saying why", () => {
    const lost = row(0, { fault: "lost_response", requestBody: payout("A") });
    const good = check([lost, row(800, { requestBody: payout("A"), status: 409 })], "retry_reuses_reference");
    expect(good).toMatchObject({ status: "PASSED", requestIds: [lost.requestId, expect.any(String)] });
    const bad = check([lost, row(800, { requestBody: payout("B") })], "retry_reuses_reference");
    expect(bad.status).toBe("FAILED");
    expect(bad.why).toBe("After the payout of 500 KES to 254712345678 lost its answer, your client sent a new payout with another reference (B) 0.80 s later: in production that pays twice.");
    expect(bad.hint).toContain("same reference");
    // another amount is another payout, not a retry
    expect(check([lost, row(800, { requestBody: payout("C", 900) })], "retry_reuses_reference").status).toBe("PASSED");
  });

  it("retry_reuses_reference: judges every operation with a reference (the catalog's referenceField) after every fault whose committed answer the client loses (the fault table's), and nothing else", () => {
    const body = (reference: string) => JSON.stringify({ amount: 500, currency: "KES", phoneNumber: "254712345678", destination: { type: "mobile", phoneNumber: "254712345678" }, reference });
    for (const op of operations.filter((o) => o.method === "POST")) {
      for (const f of GATEWAY_FAULTS) {
        const lost = row(0, { fault: f.name, operationId: op.id, path: op.path, requestBody: body("A"), durationMs: 30_000 });
        const naive = row(500, { operationId: op.id, path: op.path, requestBody: body("B") });
        const judged = op.referenceField !== undefined && f.committed && f.answer !== undefined;
        expect([op.id, f.name, check([lost, naive], "retry_reuses_reference").status]).toEqual([op.id, f.name, judged ? "FAILED" : "NOT_EXERCISED"]);
      }
    }
    expect(operations.filter((o) => o.referenceField).map((o) => o.id)).toEqual(["collect.push", "payouts.send"]);
  });

  it("retry_reuses_reference: after a slow answer that came, a new payment is not a retry", () => {
    const slow = row(0, { fault: "slow_response", requestBody: payout("A"), durationMs: 3000 });
    expect(check([slow, row(5000, { requestBody: payout("B") })], "retry_reuses_reference").status).toBe("PASSED");
    expect(check([slow, row(1000, { requestBody: payout("B") })], "retry_reuses_reference").status).toBe("FAILED");
  });

  it("retry_reuses_reference: the same money with another reference is a naive retry only within two minutes of the lost answer (an unrelated later payment is not)", () => {
    const lost = row(0, { fault: "lost_response", requestBody: payout("A") });
    expect(check([lost, row(119_999, { requestBody: payout("B") })], "retry_reuses_reference").status).toBe("FAILED");
    expect(check([lost, row(120_000, { requestBody: payout("B") })], "retry_reuses_reference").status).toBe("PASSED");
    // the same reference still counts as the retry, however late
    expect(check([lost, row(600_000, { requestBody: payout("A"), status: 409 })], "retry_reuses_reference").requestIds).toHaveLength(2);
  });

  it("honours_retry_after: the next call of the operation before Retry-After fails; after it passes", () => {
    const refused = row(0, { fault: "unavailable", status: 503, responseHeaders: '{"retry-after":"1"}', requestBody: payout("A") });
    expect(check([refused, row(1200, { requestBody: payout("A") })], "honours_retry_after").status).toBe("PASSED");
    const bad = check([refused, row(50, { requestBody: payout("A") })], "honours_retry_after");
    expect(bad.status).toBe("FAILED");
    expect(bad.why).toBe("After a 503 SERVICE_UNAVAILABLE on POST /payouts/v1/send asking to retry after 1 s, your client called it again 0.05 s later: in production that prolongs the outage and gets the app throttled.");
  });

  it("renews_expired_token: the old token sent again fails; a call with a new one passes", () => {
    const expired = row(0, { fault: "token_expired", status: 401, responseBody: '{"error":"INVALID_TOKEN"}' });
    const stale = row(300, { status: 401, operationId: null, responseBody: '{"error":"INVALID_TOKEN","message":"expired on purpose"}' });
    const bad = check([expired, stale, { ...stale, requestId: "req_x", createdAt: new Date(T0 + 400) }], "renews_expired_token");
    expect(bad.status).toBe("FAILED");
    expect(bad.why).toContain("sent the same token 2 more times");
    expect(check([expired, row(300)], "renews_expired_token").status).toBe("PASSED");
  });

  it("polls_after_lost_callback: a status GET of the resource passes; none fails, naming the payout", () => {
    const lost = row(0, { fault: "lost_callback", requestBody: payout("A"), responseBody: '{"payoutId":"pay_1","status":"QUEUED"}' });
    const poll = row(5000, { method: "GET", path: "/payouts/v1/pay_1", operationId: "payouts.status", status: 200 });
    expect(check([lost, poll], "polls_after_lost_callback").status).toBe("PASSED");
    const bad = check([lost], "polls_after_lost_callback");
    expect(bad.status).toBe("FAILED");
    expect(bad.why).toContain("the payout of 500 KES to 254712345678 (pay_1) never came");
  });
});
