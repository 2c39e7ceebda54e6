// The inspector's answer mode and the signature checks the inbox shows: pure functions.
import { describe, expect, it } from "vitest";
import { callbackSignatureHeaders, checkSignatures, newSigningSecret } from "@/lib/crypto";
import { answerFor } from "@/lib/inspector/answer-mode";

const mode = (m: object) => JSON.stringify({ status: 200, delayMs: 0, failFirst: 0, ...m });

describe("answerFor", () => {
  it("defaults to 200 {received: true} at once, also for an unreadable stored mode", () => {
    expect(answerFor(null, null, 0, "req_1")).toEqual({ status: 200, delayMs: 0, body: { received: true } });
    expect(answerFor("{not json", "dlv_1", 0, "req_1")).toEqual({ status: 200, delayMs: 0, body: { received: true } });
  });

  it("fails the first N deliveries of one callback, then answers the status; requests without a delivery id never", () => {
    const m = mode({ failFirst: 2, status: 201, delayMs: 5 });
    expect([0, 1, 2, 3].map((n) => answerFor(m, "dlv_x", n, "req_1").status)).toEqual([500, 500, 201, 201]);
    expect(answerFor(m, "dlv_x", 1, "req_1")).toMatchObject({ delayMs: 5, body: { error: "INSPECTOR_FAIL_FIRST", requestId: "req_1" } });
    expect(answerFor(m, null, 0, "req_1").status).toBe(201);
  });

  it("an error status gets an error body that says it is on purpose; 204 gets none", () => {
    expect(answerFor(mode({ status: 503 }), null, 0, "req_2").body).toMatchObject({ error: "INSPECTOR_ANSWER", message: expect.stringContaining("503"), requestId: "req_2" });
    expect(answerFor(mode({ status: 204 }), null, 0, "req_2").body).toBeNull();
  });
});

describe("checkSignatures", () => {
  const secret = newSigningSecret();
  const body = '{"a":1}';
  const signed = callbackSignatureHeaders([secret], "dlv_abc", body, new Date());

  it("valid with the secret that signed, or with one of two during a rotation", () => {
    expect(checkSignatures(signed, body, [secret])).toEqual({ result: "valid", svc: "valid", standard: "valid" });
    expect(checkSignatures(signed, body, [newSigningSecret(), secret]).result).toBe("valid");
    const both = callbackSignatureHeaders([newSigningSecret(), secret], "dlv_abc", body, new Date());
    expect(checkSignatures(both, body, [secret]).result).toBe("valid");
  });

  it("invalid with another secret, another body, or when one scheme of two fails", () => {
    expect(checkSignatures(signed, body, [newSigningSecret()]).result).toBe("invalid");
    expect(checkSignatures(signed, `${body} `, [secret]).result).toBe("invalid");
    const mixed = { ...signed, "x-svc-signature": "t=1,v1=00" };
    expect(checkSignatures(mixed, body, [secret])).toEqual({ result: "invalid", svc: "invalid", standard: "valid" });
    expect(checkSignatures({ "x-svc-signature": "garbage" }, body, [secret]).result).toBe("invalid");
    expect(checkSignatures({ "webhook-signature": "v1,abc" }, body, [secret]).result).toBe("invalid");
  });

  it("none without signature headers", () => {
    expect(checkSignatures({ "content-type": "application/json" }, body, [secret])).toEqual({ result: "none", svc: "none", standard: "none" });
  });
});
