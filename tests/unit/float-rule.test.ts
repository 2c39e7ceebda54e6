// The float's state rule in the engine (lib/engine/float.ts, lib/engine/select.ts):
// float_low after the header and the app's test numbers, before the default,
// and what an accepted payout takes from the float.
import { describe, expect, it } from "vitest";
import { operationById } from "@/lib/catalog";
import { answer, floatTake, keepsFloat, selectScenario } from "@/lib/engine";

const op = operationById("payouts.send")!;
const body = { amount: 500, currency: "UGX", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: "R-1", callbackUrl: "https://x.test/cb" };
const input = { params: {}, body };
const scenario = (key: string) => op.scenarios.find((s) => s.key === key)!;
const ctx = { now: new Date(), requestId: "req_1", newId: () => "pay_1", newReceipt: () => "RCPT", timeScale: 0 };

describe("the floatLow state rule", () => {
  it("picks float_low when the float is low, the default when it covers the payout", () => {
    expect(selectScenario(op, input, { floatLow: true, referenceUsed: false }).key).toBe("float_low");
    expect(selectScenario(op, input, { floatLow: false, referenceUsed: false }).key).toBe("sent");
  });

  it("comes after the header and the app's test numbers, and after a used reference", () => {
    expect(selectScenario(op, input, { floatLow: true }, "sent").key).toBe("sent");
    const testNumbers = [{ id: "tn_1", operationId: "payouts.send", field: "body.reference" as const, value: "R-1", scenarioKey: "held" }];
    expect(selectScenario(op, input, { floatLow: true }, null, testNumbers).key).toBe("held");
    expect(selectScenario(op, input, { floatLow: true, referenceUsed: true }).key).toBe("duplicate");
  });

  it("an accepted payout takes its amount only when the float covered it and its scenario takes", () => {
    expect(floatTake(op, scenario("sent"), body, { floatLow: false })).toEqual({ currency: "UGX", amount: 500 });
    expect(floatTake(op, scenario("held"), body, { floatLow: false })).toEqual({ currency: "UGX", amount: 500 });
    expect(floatTake(op, scenario("sent"), body, { floatLow: true })).toBeUndefined(); // forced on a low float
    expect(floatTake(op, scenario("float_low"), body, { floatLow: false })).toBeUndefined();
    expect(floatTake(op, scenario("sent"), body, {})).toBeUndefined(); // no state looked up (try-it)
    expect(floatTake(operationById("collect.push")!, scenario("sent"), body, { floatLow: false })).toBeUndefined();
    expect(answer(op, scenario("sent"), input, { floatLow: false }, ctx).resource?.float).toEqual({ currency: "UGX", amount: 500 });
    expect(answer(op, scenario("float_low"), input, { floatLow: true }, ctx).callback?.body).toMatchObject({ status: "FAILED", resultCode: 2001 });
  });

  it("a held payout resolved as sent keeps its reserve; as float_low gives it back", () => {
    expect([keepsFloat(op, scenario("sent")), keepsFloat(op, scenario("float_low"))]).toEqual([true, false]);
  });
});
