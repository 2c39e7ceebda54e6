import { describe, expect, it } from "vitest";
import { operationById, operations, RESERVED } from "@/lib/catalog";
import { answer, resolveTimeScale, run, selectScenario, simulate, validateInput, type EngineContext, type Facts, type TestNumber } from "@/lib/engine";
import { ApiError } from "@/lib/errors";

let n = 0;
const ctx = (over: Partial<EngineContext> = {}): EngineContext => ({
  now: new Date("2026-11-21T09:30:00.123Z"),
  requestId: "req_test",
  newId: (p) => `${p}_${++n}`,
  newReceipt: () => "SRCPT00001",
  defaultCallbackUrl: null,
  ...over,
});

const op = (id: string) => operationById(id)!;
const push = (over: Record<string, unknown> = {}) => ({
  shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678",
  reference: "INV-1", callbackUrl: "https://example.com/cb", ...over,
});
const payout = (over: Record<string, unknown> = {}) => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" },
  reference: "P-1", callbackUrl: "https://example.com/cb", ...over,
});
const sms = (over: Record<string, unknown> = {}) => ({ to: "254712345678", senderId: "SHOP", message: "hi", ...over });

/** Validates like the gateway, then picks: the key of the scenario chosen. */
function pick(id: string, body: Record<string, unknown>, params: Record<string, string> = {}, facts: Facts = {}, header?: string) {
  const input = validateInput(op(id), params, body);
  return selectScenario(op(id), input, facts, header).key;
}

describe("the scenario table (README: How the sandbox behaves): each scenario chosen by its trigger", () => {
  const cases: [string, Record<string, unknown>, Record<string, string>, string][] = [
    ["collect.push", push(), {}, "paid"],
    ["collect.push", push({ amount: 1 }), {}, "insufficient_funds"],
    ["collect.push", push({ amount: 2 }), {}, "cancelled"],
    ["collect.push", push({ amount: 3 }), {}, "no_answer"],
    ["collect.push", push({ phoneNumber: RESERVED.invalidPhone }), {}, "invalid_phone"],
    ["collect.status", {}, { checkoutId: "chk_abc" }, "completed"],
    ["collect.status", {}, { checkoutId: "chk_missing" }, "not_found"],
    ["payouts.send", payout(), {}, "sent"],
    ["payouts.send", payout({ amount: 1 }), {}, "float_low"],
    ["payouts.send", payout({ reference: "DUPLICATE" }), {}, "duplicate"],
    ["payouts.status", {}, { payoutId: "pay_x" }, "delivered"],
    ["identity.verify", { idNumber: "12345678" }, {}, "match"],
    ["identity.verify", { idNumber: "00000001" }, {}, "name_mismatch"],
    ["identity.verify", { idNumber: "00000002" }, {}, "not_found"],
    ["identity.verify", { idNumber: "ABC" }, {}, "invalid_id"],
    ["identity.get", {}, { verificationId: "ver_x" }, "found"],
    ["sms.send", sms(), {}, "delivered"],
    ["sms.send", sms({ to: RESERVED.smsHandsetOff }), {}, "handset_off"],
    ["sms.send", sms({ senderId: "UNKNOWN" }), {}, "bad_sender"],
    ["sms.get", {}, { messageId: "msg_x" }, "delivered"],
  ];
  it("covers the twenty rows of the table", () => expect(cases).toHaveLength(20));
  it.each(cases)("%s %j %j → %s", (id, body, params, key) => expect(pick(id, body, params)).toBe(key));
});

describe("statuses, delays and callback delays come from the catalog", () => {
  it.each([
    ["collect.push", push(), 202, 120, 4000],
    ["collect.push", push({ amount: 1 }), 202, 120, 3000],
    ["collect.push", push({ amount: 2 }), 202, 120, 2500],
    ["collect.push", push({ amount: 3 }), 202, 120, 9000],
    ["collect.push", push({ phoneNumber: RESERVED.invalidPhone }), 400, 40, undefined],
    ["payouts.send", payout(), 202, 50, 3500],
    ["payouts.send", payout({ amount: 1 }), 202, 50, 2000],
    ["sms.send", sms(), 202, 50, 2500],
    ["sms.send", sms({ to: RESERVED.smsHandsetOff }), 202, 50, 6000],
  ] as const)("%s %j", (id, body, status, delay, cbDelay) => {
    const a = simulate(op(id), { params: {}, bodyText: JSON.stringify(body) }, ctx());
    expect(a.status).toBe(status);
    expect(a.delayMs).toBe(delay);
    expect(a.callback?.delayMs).toBe(cbDelay);
    expect(a.headers["x-svc-scenario"]).toBe(a.scenario.key);
  });
  it("GET delays: completed 60 ms, collect not_found 30 ms, others 50 ms", () => {
    const get = (id: string, params: Record<string, string>) => simulate(op(id), { params, bodyText: "" }, ctx()).delayMs;
    expect(get("collect.status", { checkoutId: "chk_a" })).toBe(60);
    expect(get("collect.status", { checkoutId: "chk_missing" })).toBe(30);
    expect(get("payouts.status", { payoutId: "pay_a" })).toBe(50);
  });
});

describe("values are compared as text", () => {
  it("amount \"1\" and 1 both trigger insufficient_funds", () => {
    expect(pick("collect.push", push({ amount: "1" }))).toBe("insufficient_funds");
    expect(pick("collect.push", push({ amount: 1 }))).toBe("insufficient_funds");
  });
  it("a magic value is exempt from its field's rules: payout amount 1 reaches float_low, 2 is refused", () => {
    expect(pick("payouts.send", payout({ amount: 1 }))).toBe("float_low");
    expect(pick("payouts.send", payout({ amount: "1" }))).toBe("float_low");
    expect(() => pick("payouts.send", payout({ amount: 2 }))).toThrow(/amount must be an integer of at least 10/);
  });
});

describe("the X-Svc-Scenario header", () => {
  it("a key of the called operation wins over magic values", () => {
    expect(pick("collect.push", push({ amount: 1 }), {}, {}, "cancelled")).toBe("cancelled");
    expect(pick("collect.status", {}, { checkoutId: "chk_missing" }, {}, "completed")).toBe("completed");
  });
  it("a key of another operation is ignored", () => {
    expect(pick("collect.push", push({ amount: 2 }), {}, {}, "float_low")).toBe("cancelled");
    expect(pick("collect.push", push(), {}, {}, "nonsense")).toBe("paid");
  });
  it("wins over state too (tracked)", () => {
    const tracked = { id: "chk_1", scenarioKey: "paid", settlesAt: null, data: { amount: 5, resultCode: 0 } };
    expect(pick("collect.status", {}, { checkoutId: "chk_1" }, { tracked }, "completed")).toBe("completed");
  });
});

describe("tracked: the live state of the app's own resources", () => {
  const now = new Date("2026-11-21T09:30:00.000Z");
  const later = new Date(now.getTime() + 4000);
  const tracked = (resultCode: number) => ({ id: "chk_1", scenarioKey: "paid", settlesAt: later, data: { amount: 250, resultCode, receipt: "SR1" } });
  const get = (facts: Facts, at: Date) => run(op("collect.status"), { params: { checkoutId: "chk_1" }, body: {} }, facts, null, ctx({ now: at }));

  it("runs before the table's triggers", () => {
    expect(pick("collect.status", {}, { checkoutId: "chk_missing" }, { tracked: tracked(0) })).toBe("tracked");
  });
  it("PENDING until the callback time, then COMPLETED with receipt", () => {
    expect(get({ tracked: tracked(0) }, now).body).toEqual({ checkoutId: "chk_1", status: "PENDING", amount: 250 });
    expect(get({ tracked: tracked(0) }, later).body).toEqual({ checkoutId: "chk_1", status: "COMPLETED", resultCode: 0, amount: 250, receipt: "SR1" });
  });
  it("FAILED with the scenario's result code", () => {
    expect(get({ tracked: tracked(1032) }, later).body).toEqual({ checkoutId: "chk_1", status: "FAILED", resultCode: 1032, amount: 250 });
  });
  it("an unknown id follows the table, echoing the path id", () => {
    const a = get({}, now);
    expect(a.scenario.key).toBe("completed");
    expect(a.body).toMatchObject({ checkoutId: "chk_1", status: "COMPLETED", resultCode: 0 });
  });
  it("every GET operation has it", () => {
    for (const o of operations.filter((x) => x.method === "GET")) expect(o.scenarios[0]!.key).toBe("tracked");
  });
});

describe("answers and callback bodies", () => {
  it("paid: 202 PENDING naming the amount, success callback with the documented callback fields", () => {
    const a = simulate(op("collect.push"), { params: {}, bodyText: JSON.stringify(push({ amount: 250 })) }, ctx());
    expect(a.body).toMatchObject({ status: "PENDING" });
    expect((a.body as { customerMessage: string }).customerMessage).toContain("KES 250");
    expect(Object.keys(a.callback!.body).sort()).toEqual(
      ["amount", "checkoutId", "paidAt", "phoneNumber", "receipt", "reference", "resultCode", "resultDescription"],
    );
    expect(a.callback!.body.paidAt).toBe("2026-11-21T09:30:04.123Z");
    expect(a.callback!.dueAt.toISOString()).toBe("2026-11-21T09:30:04.123Z");
  });
  it("failure callbacks carry exactly checkoutId, reference, resultCode, resultDescription", () => {
    for (const amount of [1, 2, 3]) {
      const a = simulate(op("collect.push"), { params: {}, bodyText: JSON.stringify(push({ amount })) }, ctx());
      expect(Object.keys(a.callback!.body).sort()).toEqual(["checkoutId", "reference", "resultCode", "resultDescription"]);
    }
  });
  it("error scenarios answer the error body with the request id", () => {
    const a = simulate(op("collect.push"), { params: {}, bodyText: JSON.stringify(push({ phoneNumber: RESERVED.invalidPhone })) }, ctx());
    expect(a.body).toEqual({ error: "INVALID_PHONE_NUMBER", message: expect.stringContaining("phoneNumber"), requestId: "req_test" });
    expect(a.callback).toBeUndefined();
  });
  it("a bank payout's callback carries bankReference", () => {
    const a = simulate(op("payouts.send"), {
      params: {}, bodyText: JSON.stringify(payout({ destination: { type: "bank", bankCode: "01", accountNumber: "123" } })),
    }, ctx());
    expect(a.callback!.body).toMatchObject({ status: "DELIVERED", resultCode: 0, bankReference: expect.any(String) });
  });
  it("the callback goes to the request's URL, else the app's default, else nowhere", () => {
    const withUrl = simulate(op("sms.send"), { params: {}, bodyText: JSON.stringify(sms({ callbackUrl: "http://a.test/x" })) }, ctx({ defaultCallbackUrl: "http://b.test" }));
    const fallback = simulate(op("sms.send"), { params: {}, bodyText: JSON.stringify(sms()) }, ctx({ defaultCallbackUrl: "http://b.test" }));
    const none = simulate(op("sms.send"), { params: {}, bodyText: JSON.stringify(sms()) }, ctx());
    expect([withUrl.callback!.url, fallback.callback!.url, none.callback!.url]).toEqual(["http://a.test/x", "http://b.test", null]);
  });
  it("answer() of a forced `tracked` on an id the app did not create is NOT_FOUND", () => {
    const o = op("sms.get");
    const a = answer(o, o.scenarios[0]!, { params: { messageId: "msg_zz" }, body: {} }, {}, ctx());
    expect(a.status).toBe(404);
  });
});

describe("validation", () => {
  const fails = (id: string, body: unknown) => {
    try {
      simulate(op(id), { params: {}, bodyText: JSON.stringify(body) }, ctx());
    } catch (e) {
      return `${(e as ApiError).code}: ${(e as ApiError).message}`;
    }
    return "accepted";
  };
  it.each([
    [push({ amount: 12.5 }), "VALIDATION_ERROR: amount must be an integer of at least 1"],
    [push({ amount: -3 }), "VALIDATION_ERROR: amount must be an integer of at least 1"],
    [push({ amount: "abc" }), "VALIDATION_ERROR: amount must be an integer of at least 1"],
    [push({ currency: "USD" }), "VALIDATION_ERROR: currency must be one of KES, TZS, UGX"],
    [push({ reference: "x".repeat(25) }), "VALIDATION_ERROR: reference must be at most 24 characters"],
    [push({ description: "x".repeat(65) }), "VALIDATION_ERROR: description must be at most 64 characters"],
    [push({ callbackUrl: "ftp://x" }), "VALIDATION_ERROR: callbackUrl must be an http or https URL"],
    [{ ...push(), shortCode: undefined }, "VALIDATION_ERROR: shortCode is required"],
  ])("collect push %j", (body, expected) => expect(fails("collect.push", body)).toBe(expected));

  it("payout destination's conditional fields", () => {
    expect(fails("payouts.send", payout({ destination: { type: "bank", bankCode: "01" } }))).toMatch(/destination.accountNumber is required/);
    expect(fails("payouts.send", payout({ destination: { type: "mobile" } }))).toMatch(/destination.phoneNumber is required/);
    expect(fails("payouts.send", payout({ destination: { type: "card" } }))).toMatch(/destination.type must be one of mobile, bank/);
    expect(fails("payouts.send", payout({ reason: "Gift" }))).toMatch(/reason must be one of Salary, Supplier, Refund, Commission, Other/);
    expect(fails("payouts.send", payout({ reference: "x".repeat(33) }))).toMatch(/reference must be at most 32 characters/);
  });
  it("bodies that are not JSON objects", () => {
    for (const text of ["[1]", "nope", "null", "3"]) {
      expect(() => simulate(op("collect.push"), { params: {}, bodyText: text }, ctx())).toThrow(/INVALID_BODY|JSON/);
    }
  });
});

describe("test numbers: after the header, before the catalog's triggers", () => {
  const tn = (over: Partial<TestNumber> = {}): TestNumber =>
    ({ id: "tn_1", operationId: "collect.push", field: "body.phoneNumber", value: "254700000001", scenarioKey: "cancelled", ...over });
  const pickWith = (id: string, body: Record<string, unknown>, numbers: TestNumber[], header?: string, params: Record<string, string> = {}) =>
    selectScenario(op(id), validateInput(op(id), params, body), {}, header, numbers).key;

  it("a matching test number picks its scenario; without it the default runs", () => {
    expect(pickWith("collect.push", push({ phoneNumber: "254700000001" }), [tn()])).toBe("cancelled");
    expect(pickWith("collect.push", push({ phoneNumber: "254700000001" }), [])).toBe("paid");
    expect(pickWith("collect.push", push({ phoneNumber: "254700000002" }), [tn()])).toBe("paid");
  });

  it("the header beats it; it beats a magic value", () => {
    expect(pickWith("collect.push", push({ phoneNumber: "254700000001" }), [tn()], "no_answer")).toBe("no_answer");
    expect(pickWith("collect.push", push({ phoneNumber: "254700000001", amount: 1 }), [tn()])).toBe("cancelled");
    expect(pickWith("collect.push", push({ phoneNumber: "254700000002", amount: 1 }), [tn()])).toBe("insufficient_funds");
  });

  it("compares as text, applies to its operation only, and the first match wins", () => {
    const amount = tn({ field: "body.amount", value: "1500", scenarioKey: "no_answer" });
    expect(pickWith("collect.push", push({ amount: 1500 }), [amount])).toBe("no_answer");
    expect(pickWith("payouts.send", payout({ amount: 1500 }), [amount])).toBe("sent");
    expect(pickWith("collect.push", push({ phoneNumber: "254700000001" }), [tn({ id: "a", scenarioKey: "no_answer" }), tn()])).toBe("no_answer");
    const path = tn({ operationId: "collect.status", field: "path.checkoutId", value: "chk_special", scenarioKey: "not_found" });
    expect(pickWith("collect.status", {}, [path], undefined, { checkoutId: "chk_special" })).toBe("not_found");
  });

  it("run() reads them from the context", () => {
    const input = validateInput(op("collect.push"), {}, push({ phoneNumber: "254700000001" }));
    expect(run(op("collect.push"), input, {}, null, ctx({ testNumbers: [tn()] })).scenario.key).toBe("cancelled");
  });
});

describe("a taken reference: before the header, test numbers and every trigger (contract 2026-11-27, References)", () => {
  const cancelled: TestNumber = { id: "tn_1", operationId: "collect.push", field: "body.phoneNumber", value: "254712345678", scenarioKey: "cancelled" };
  const sent: TestNumber = { id: "tn_2", operationId: "payouts.send", field: "body.amount", value: "500", scenarioKey: "sent" };
  const select = (id: string, body: Record<string, unknown>, facts: Facts, header?: string, numbers: TestNumber[] = []) =>
    selectScenario(op(id), validateInput(op(id), {}, body), facts, header, numbers).key;

  it("a payout reference used answers duplicate whatever X-Svc-Scenario or a test number asks", () => {
    expect(select("payouts.send", payout(), { referenceUsed: true }, "sent")).toBe("duplicate");
    expect(select("payouts.send", payout(), { referenceUsed: true }, "held")).toBe("duplicate");
    expect(select("payouts.send", payout(), { referenceUsed: true }, undefined, [sent])).toBe("duplicate");
    expect(select("payouts.send", payout(), { referenceUsed: false }, "sent")).toBe("sent");
  });

  it("a Collect reference taken answers duplicate_reference whatever X-Svc-Scenario or a test number asks", () => {
    expect(select("collect.push", push(), { referenceTaken: true }, "paid")).toBe("duplicate_reference");
    expect(select("collect.push", push(), { referenceTaken: true }, undefined, [cancelled])).toBe("duplicate_reference");
    expect(select("collect.push", push(), { referenceTaken: false }, "paid")).toBe("paid");
  });

  it("the duplicate scenario forced on a fresh reference still answers 409", () => {
    expect(select("payouts.send", payout(), { referenceUsed: false }, "duplicate")).toBe("duplicate");
  });
});

describe("time scale", () => {
  const input = () => validateInput(op("collect.push"), {}, push({ amount: 3 })); // no_answer: 9 s callback
  const noAnswer = op("collect.push").scenarios.find((s) => s.key === "no_answer")!;

  it("multiplies the response delay, the callback delay, its due time and settlesAt", () => {
    const now = ctx().now.getTime();
    const full = run(op("collect.push"), input(), {}, null, ctx());
    expect(full.delayMs).toBe(noAnswer.delayMs);
    expect(full.callback!.delayMs).toBe(noAnswer.callbackDelayMs);
    const tenth = run(op("collect.push"), input(), {}, null, ctx({ timeScale: 0.1 }));
    expect(tenth.delayMs).toBe(Math.round(noAnswer.delayMs * 0.1));
    expect(tenth.callback!.delayMs).toBe(Math.round(noAnswer.callbackDelayMs! * 0.1));
    expect(tenth.callback!.dueAt.getTime() - now).toBe(Math.round(noAnswer.callbackDelayMs! * 0.1));
    expect(tenth.resource!.settlesAt!.getTime()).toBe(tenth.callback!.dueAt.getTime());
    const instant = run(op("collect.push"), input(), {}, null, ctx({ timeScale: 0 }));
    expect([instant.delayMs, instant.callback!.delayMs, instant.callback!.dueAt.getTime(), instant.resource!.settlesAt!.getTime()]).toEqual([0, 0, now, now]);
  });

  it("the live state follows the scaled settlesAt", () => {
    const a = run(op("collect.push"), input(), {}, null, ctx({ timeScale: 0 }));
    const tracked = { id: a.resource!.id, scenarioKey: "no_answer", settlesAt: a.resource!.settlesAt, data: a.resource!.data };
    const status = run(op("collect.status"), validateInput(op("collect.status"), { checkoutId: a.resource!.id }, {}), { tracked }, null, ctx());
    expect(status.body).toMatchObject({ status: "FAILED" });
  });

  it("the header: a decimal from 0 to 1 wins over the app's; anything else is VALIDATION_ERROR naming it", () => {
    expect(resolveTimeScale(null, 0.5)).toBe(0.5);
    expect(resolveTimeScale("0", 0.5)).toBe(0);
    expect(resolveTimeScale("0.1", 1)).toBe(0.1);
    expect(resolveTimeScale(" 1.0 ", 0)).toBe(1);
    expect(resolveTimeScale(".25", 1)).toBe(0.25);
    expect(resolveTimeScale("1e-7", 1)).toBe(1e-7);
    for (const bad of ["", "2", "-0.1", "1.01", "NaN", "Infinity", "0x1", "fast", "0,5", "1/2", "+0.5"]) {
      let err: unknown;
      try {
        resolveTimeScale(bad, 1);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe("VALIDATION_ERROR");
      expect((err as ApiError).message).toMatch(/X-Svc-Time-Scale/);
    }
  });
});
