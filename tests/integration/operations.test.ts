// Each operation's 2xx and error shapes over HTTP, the live state of tracked
// resources, reference rules, and isolation between apps.
import { describe, expect, it, vi } from "vitest";
import { collectBody, newApp } from "../helpers/apps";

const payout = (over: Record<string, unknown> = {}) => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" },
  reference: `P-${Math.random().toString(36).slice(2, 10)}`, callbackUrl: "https://example.com/cb", ...over,
});
const sms = (over: Record<string, unknown> = {}) => ({ to: "254712345678", senderId: "SHOP", message: "Hello", ...over });
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("Collect", () => {
  it("push: 202 PENDING with a chk_ id and a message naming the amount; x-svc-scenario", async () => {
    const a = await newApp();
    const started = Date.now();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: "250", currency: "TZS" }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(120); // scripted delay
    expect(r.status).toBe(202);
    expect(r.headers.get("x-svc-scenario")).toBe("paid");
    expect(r.body).toEqual({ checkoutId: expect.stringMatching(/^chk_[0-9A-Za-z]{22}$/), status: "PENDING", customerMessage: expect.stringContaining("TZS 250") });
  });

  it("invalid_phone: 400 INVALID_PHONE_NUMBER with the scenario header", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ phoneNumber: "254000000000" }));
    expect(r.status).toBe(400);
    expect(r.headers.get("x-svc-scenario")).toBe("invalid_phone");
    expect(r.body).toEqual({ error: "INVALID_PHONE_NUMBER", message: expect.stringMatching(/phoneNumber/), requestId: r.headers.get("x-request-id") });
  });

  it("status: tracked prompts are PENDING, then decided; unknown ids follow the table", async () => {
    const a = await newApp();
    const push = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2 })); // cancelled, decided after 2.5 s
    const id = push.body.checkoutId;
    const pending = await a.call("GET", `/collect/v1/push/${id}`);
    expect(pending.headers.get("x-svc-scenario")).toBe("tracked");
    expect(pending.body).toEqual({ checkoutId: id, status: "PENDING", amount: 2 });
    const decided = await vi.waitFor(async () => {
      const r = await a.call("GET", `/collect/v1/push/${id}`);
      expect(r.body.status).not.toBe("PENDING");
      return r;
    }, { timeout: 30_000, interval: 200 });
    expect(decided.body).toEqual({ checkoutId: id, status: "FAILED", resultCode: 1032, amount: 2 });

    const scripted = await a.call("GET", "/collect/v1/push/chk_someone");
    expect(scripted.headers.get("x-svc-scenario")).toBe("completed");
    expect(scripted.body).toMatchObject({ checkoutId: "chk_someone", status: "COMPLETED", resultCode: 0, receipt: expect.any(String) });
    const missing = await a.call("GET", "/collect/v1/push/chk_missing");
    expect([missing.status, missing.body.error, missing.headers.get("x-svc-scenario")]).toEqual([404, "NOT_FOUND", "not_found"]);
    const forced = await a.call("GET", `/collect/v1/push/${id}`, undefined, { "x-svc-scenario": "not_found" });
    expect(forced.status).toBe(404);
  });

  it("409 DUPLICATE_REFERENCE while a prompt with the same reference is pending", async () => {
    const a = await newApp();
    const body = collectBody();
    expect((await a.call("POST", "/collect/v1/push", body)).status).toBe(202);
    const dup = await a.call("POST", "/collect/v1/push", body);
    expect([dup.status, dup.body.error]).toEqual([409, "DUPLICATE_REFERENCE"]);
    // another app may use the same reference
    const b = await newApp();
    expect((await b.call("POST", "/collect/v1/push", body)).status).toBe(202);
  });
});

describe("Payouts", () => {
  it("send: 202 QUEUED with a pay_ id; float_low at amount 1 (a magic value below the minimum)", async () => {
    const a = await newApp();
    const ok = await a.call("POST", "/payouts/v1/send", payout());
    expect([ok.status, ok.headers.get("x-svc-scenario")]).toEqual([202, "sent"]);
    expect(ok.body).toEqual({ payoutId: expect.stringMatching(/^pay_/), status: "QUEUED" });
    const low = await a.call("POST", "/payouts/v1/send", payout({ amount: 1 }));
    expect([low.status, low.headers.get("x-svc-scenario")]).toEqual([202, "float_low"]);
    const tooSmall = await a.call("POST", "/payouts/v1/send", payout({ amount: 9 }));
    expect([tooSmall.status, tooSmall.body.message]).toEqual([400, "amount must be an integer of at least 10"]);
  });

  it("409 DUPLICATE_REFERENCE for a reused reference and for the duplicate scenario", async () => {
    const a = await newApp();
    const body = payout();
    expect((await a.call("POST", "/payouts/v1/send", body)).status).toBe(202);
    const again = await a.call("POST", "/payouts/v1/send", body);
    expect([again.status, again.body.error, again.headers.get("x-svc-scenario")]).toEqual([409, "DUPLICATE_REFERENCE", "duplicate"]);
    const magic = await a.call("POST", "/payouts/v1/send", payout({ reference: "DUPLICATE" }));
    expect([magic.status, magic.body.error]).toEqual([409, "DUPLICATE_REFERENCE"]);
  });

  it("status: QUEUED for a new payout, the scripted default for unknown ids", async () => {
    const a = await newApp();
    const sent = await a.call("POST", "/payouts/v1/send", payout());
    const live = await a.call("GET", `/payouts/v1/${sent.body.payoutId}`);
    expect(live.body).toEqual({ payoutId: sent.body.payoutId, status: "QUEUED", amount: 500 });
    const other = await a.call("GET", "/payouts/v1/pay_unknown");
    expect([other.status, other.headers.get("x-svc-scenario"), other.body.status]).toEqual([200, "delivered", "DELIVERED"]);
  });
});

describe("Identity Check", () => {
  it.each([
    ["12345678", 200, "match", "MATCH"],
    ["00000001", 200, "name_mismatch", "NAME_MISMATCH"],
    ["00000002", 200, "not_found", "NOT_FOUND"],
  ])("verify %s → %i %s", async (idNumber, status, key, result) => {
    const a = await newApp();
    const r = await a.call("POST", "/identity/v1/verifications", { idNumber, firstName: "Amina" });
    expect([r.status, r.headers.get("x-svc-scenario")]).toEqual([status, key]);
    expect(r.body).toEqual({ verificationId: expect.stringMatching(/^ver_/), idNumber, status: result, checkedAt: expect.stringMatching(ISO_MS) });
    const got = await a.call("GET", `/identity/v1/verifications/${r.body.verificationId}`);
    expect([got.headers.get("x-svc-scenario"), got.body]).toEqual(["tracked", r.body]);
  });

  it("invalid_id: 422 INVALID_ID_NUMBER", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/identity/v1/verifications", { idNumber: "ABC" });
    expect([r.status, r.body.error]).toEqual([422, "INVALID_ID_NUMBER"]);
  });
});

describe("SMS", () => {
  it("send: 202 QUEUED; bad_sender 403 SENDER_ID_NOT_REGISTERED; status QUEUED then tracked", async () => {
    const a = await newApp();
    const ok = await a.call("POST", "/messaging/v1/sms", sms());
    expect([ok.status, ok.headers.get("x-svc-scenario"), ok.body.status]).toEqual([202, "delivered", "QUEUED"]);
    expect(ok.body.messageId).toMatch(/^msg_/);
    const off = await a.call("POST", "/messaging/v1/sms", sms({ to: "254000000013" }));
    expect(off.headers.get("x-svc-scenario")).toBe("handset_off");
    const bad = await a.call("POST", "/messaging/v1/sms", sms({ senderId: "UNKNOWN" }));
    expect([bad.status, bad.body.error]).toEqual([403, "SENDER_ID_NOT_REGISTERED"]);
    const live = await a.call("GET", `/messaging/v1/sms/${ok.body.messageId}`);
    expect(live.body).toEqual({ messageId: ok.body.messageId, to: "254712345678", status: "QUEUED" });
    const scripted = await a.call("GET", "/messaging/v1/sms/msg_other");
    expect(scripted.body).toMatchObject({ messageId: "msg_other", status: "DELIVERED", deliveredAt: expect.stringMatching(ISO_MS) });
  });
});

describe("isolation", () => {
  it("app B cannot read app A's resources: it gets the scripted answer, never A's state", async () => {
    const a = await newApp();
    const b = await newApp();
    const push = await a.call("POST", "/collect/v1/push", collectBody({ amount: 3 }));
    const id = push.body.checkoutId;
    expect((await a.call("GET", `/collect/v1/push/${id}`)).headers.get("x-svc-scenario")).toBe("tracked");
    const fromB = await b.call("GET", `/collect/v1/push/${id}`);
    expect(fromB.headers.get("x-svc-scenario")).toBe("completed");
    expect(fromB.body.amount).not.toBe(3);
    const forced = await b.call("GET", `/collect/v1/push/${id}`, undefined, { "x-svc-scenario": "tracked" });
    expect([forced.status, forced.body.error]).toEqual([404, "NOT_FOUND"]);
  });
});
