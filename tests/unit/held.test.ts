// The held scenario and its resolution in the engine (lib/engine/hold.ts): pure,
// against the catalog's data. Over HTTP: tests/integration/held.test.ts.
import { describe, expect, it } from "vitest";
import { operationById, operations } from "@/lib/catalog";
import {
  expiryScenario, handsetAnswers, heldScenario, liveState, resolutionScenario, resolutionScenarios, resolutionTimeScale, resolveHold, run, validateInput,
  type EngineContext, type HoldRecord,
} from "@/lib/engine";
import type { ApiError } from "@/lib/errors";

const op = (id: string) => operationById(id)!;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 9, 30, 0) + ms);
const ctx = (over: Partial<EngineContext> = {}): EngineContext => ({
  now: at(0), requestId: "req_t", newId: (p) => `${p}_held`, newReceipt: () => "SRCPT00001", defaultCallbackUrl: "https://default.example/cb", ...over,
});
const push = { shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: "INV-9", callbackUrl: "https://shop.example/cb" };

/** What the gateway does: run the engine with the header key, keep the hold with the call's X-Svc-Time-Scale. */
function hold(id: string, body: Record<string, unknown>, timeScale: number | null = null) {
  const a = run(op(id), validateInput(op(id), {}, body), {}, "held", ctx());
  return { answer: a, held: { id: a.resource!.id, data: a.resource!.data, hold: { ...a.resource!.hold!, timeScale } satisfies HoldRecord } };
}

describe("the held scenario", () => {
  it("is on exactly the operations that call back, with no trigger, and answers their accepted status", () => {
    const withHeld = operations.filter((o) => heldScenario(o)).map((o) => o.id);
    expect(withHeld).toEqual(operations.filter((o) => o.callback).map((o) => o.id));
    for (const id of withHeld) {
      const s = heldScenario(op(id))!;
      expect([s.key, s.status, s.triggers, s.callbackDelayMs]).toEqual(["held", 202, undefined, undefined]);
      expect(resolutionScenarios(op(id)).length).toBeGreaterThan(0);
    }
    expect(expiryScenario(op("collect.push"))?.key).toBe("no_answer");
    expect([expiryScenario(op("payouts.send")), expiryScenario(op("sms.send"))]).toEqual([undefined, undefined]);
  });

  it("answers 202 PENDING with the customer message, keeps the input, schedules no callback and has no settle time", () => {
    const { answer } = hold("collect.push", push);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ checkoutId: "chk_held", status: "PENDING", customerMessage: "Enter your PIN on your phone to pay KES 100 to 174379." });
    expect(answer.callback).toBeUndefined();
    expect(answer.resource).toMatchObject({ id: "chk_held", reference: "INV-9", settlesAt: null, data: { amount: 100, currency: "KES" } });
    expect(answer.resource!.hold).toEqual({ input: { params: {}, body: push }, accepted: answer.body });
    // live: PENDING for as long as it is held
    expect(liveState({ id: "chk_held", scenarioKey: "held", settlesAt: null, data: answer.resource!.data }, at(48 * 3600_000))).toEqual({ checkoutId: "chk_held", status: "PENDING", amount: 100 });
  });
});

describe("resolving", () => {
  it("runs the scenario as if chosen at the call: the same callback body and live state, the delay counted from the resolve", () => {
    const { held } = hold("collect.push", push);
    const later = ctx({ now: at(60_000), newId: () => "chk_other" });
    const r = resolveHold(op("collect.push"), resolutionScenario(op("collect.push"), "cancelled"), held, later);
    const direct = run(op("collect.push"), validateInput(op("collect.push"), {}, push), {}, "cancelled", ctx({ now: at(60_000) }));
    expect(r.callback).toEqual(direct.callback);
    expect(r.callback).toMatchObject({ url: "https://shop.example/cb", dueAt: at(62_500), delayMs: 2500, body: { checkoutId: "chk_held", resultCode: 1032 } });
    expect([r.settlesAt, r.data]).toEqual([at(62_500), direct.resource!.data]);
    const tracked = { id: "chk_held", scenarioKey: "cancelled", settlesAt: r.settlesAt, data: r.data };
    expect(liveState(tracked, at(62_499)).status).toBe("PENDING");
    expect(liveState(tracked, at(62_500))).toEqual({ checkoutId: "chk_held", status: "FAILED", resultCode: 1032, amount: 100 });
  });

  it("paid carries the receipt and paidAt of the resolve's settle time; payouts and messages likewise", () => {
    const { held } = hold("collect.push", push);
    const paid = resolveHold(op("collect.push"), resolutionScenario(op("collect.push"), "paid"), held, ctx({ now: at(1000), timeScale: 0 }));
    expect(paid.callback.body).toMatchObject({ resultCode: 0, amount: 100, receipt: "SRCPT00001", phoneNumber: "254712345678", paidAt: at(1000).toISOString() });
    const payout = hold("payouts.send", { amount: 500, currency: "KES", destination: { type: "bank", bankCode: "01", accountNumber: "123456" }, reference: "P-1", callbackUrl: "https://shop.example/p" });
    const sent = resolveHold(op("payouts.send"), resolutionScenario(op("payouts.send"), "sent"), payout.held, ctx({ now: at(0) }));
    expect(sent.callback).toMatchObject({ url: "https://shop.example/p", delayMs: 3500, body: { payoutId: "pay_held", status: "DELIVERED", bankReference: "BNKSRCPT00001" } });
    const sms = hold("sms.send", { to: "254712345678", senderId: "SHOP", message: "hi" });
    const off = resolveHold(op("sms.send"), resolutionScenario(op("sms.send"), "handset_off"), sms.held, ctx({ timeScale: 0.5 }));
    expect(off.callback).toMatchObject({ url: "https://default.example/cb", delayMs: 3000, body: { messageId: "msg_held", status: "FAILED", reason: "The handset is switched off." } });
  });

  it("only with a scenario of the operation that calls back: VALIDATION_ERROR naming scenario and the allowed keys", () => {
    for (const key of ["held", "invalid_phone", "duplicate_reference", "sent", "tracked", ""]) {
      const e = (() => {
        try {
          resolutionScenario(op("collect.push"), key);
        } catch (x) {
          return x as ApiError;
        }
      })();
      expect([e?.code, e?.details?.[0]?.field], key).toEqual(["VALIDATION_ERROR", "scenario"]);
      expect(e!.message).toMatch(/^scenario must be one of paid, insufficient_funds, cancelled, no_answer \(/);
    }
    expect(() => resolutionScenario(op("identity.verify"), "match")).toThrow("identity.verify sends no callback: no scenario resolves it");
  });

  it("time scale: the resolving call's header, else the holding call's, else the app's; a bad header is VALIDATION_ERROR", () => {
    expect(resolutionTimeScale("0.2", { timeScale: 0.5 }, 1)).toBe(0.2);
    expect(resolutionTimeScale(null, { timeScale: 0.5 }, 1)).toBe(0.5);
    expect(resolutionTimeScale(null, { timeScale: null }, 0.1)).toBe(0.1);
    expect(resolutionTimeScale(null, { timeScale: 0 }, 1)).toBe(0);
    expect(() => resolutionTimeScale("fast", { timeScale: null }, 1)).toThrow(/X-Svc-Time-Scale must be a decimal/);
  });
});

describe("the Handset's answers (handsetAnswers: the console's phone, from the catalog)", () => {
  it("a prompt: Enter PIN pays (the default), Cancel cancels, Ignore is what it expires as, the rest under More outcomes", () => {
    expect(handsetAnswers(op("collect.push"))).toEqual({
      buttons: [{ key: "paid", label: "Enter PIN", primary: true }, { key: "cancelled", label: "Cancel", primary: false }],
      more: ["insufficient_funds"],
      ignore: "no_answer",
    });
  });

  it("a payout and a message: a button for each resolution, the default primary, nothing to ignore", () => {
    expect(handsetAnswers(op("payouts.send"))).toEqual({
      buttons: [{ key: "sent", label: "Deliver", primary: true }, { key: "float_low", label: "Fail: float too low", primary: false }], more: [], ignore: null,
    });
    expect(handsetAnswers(op("sms.send"))).toEqual({
      buttons: [{ key: "delivered", label: "Deliver", primary: true }, { key: "handset_off", label: "Handset off", primary: false }], more: [], ignore: null,
    });
  });

  it("names only the operation's own resolutions, each once", () => {
    for (const o of operations.filter((x) => heldScenario(x))) {
      const a = handsetAnswers(o);
      const keys = [...a.buttons.map((b) => b.key), ...a.more, ...(a.ignore ? [a.ignore] : [])];
      expect(keys.toSorted()).toEqual(resolutionScenarios(o).map((s) => s.key).toSorted());
      expect(a.buttons.filter((b) => b.primary).length).toBeLessThanOrEqual(1);
    }
  });
});
