// Callback faults are decided when a delivery is scheduled and kept on it.
import { describe, expect, it } from "vitest";
import { attemptNote, callbackFaultsForDelivery, signingSecretsFor, storedCallbackFaults } from "@/lib/callbacks/callback-faults";
import { newDelivery } from "@/lib/callbacks/schedule";

const cb = (url: string | null) => ({ appId: "app_x", resourceId: "chk_x", operationId: "collect.push", scenarioKey: "paid", url, dueAt: new Date(1_000_000), body: { a: 1 } });
const off = { duplicate: false, badSignature: false, extraDelayMs: 0 };

describe("callback faults", () => {
  it("only the faults that are on are kept; none → null", () => {
    expect(callbackFaultsForDelivery(off)).toBeNull();
    expect(callbackFaultsForDelivery(undefined)).toBeNull();
    expect(callbackFaultsForDelivery({ duplicate: true, badSignature: false, extraDelayMs: 250 })).toEqual({ duplicate: true, extraDelayMs: 250 });
  });

  it("newDelivery records them and moves the due time by the extra delay", () => {
    const d = newDelivery(cb("http://127.0.0.1:9/cb"), new Date(0), { ...off, extraDelayMs: 1500, badSignature: true });
    expect(d.dueAt.getTime()).toBe(1_001_500);
    expect(storedCallbackFaults(d.faults)).toEqual({ badSignature: true, extraDelayMs: 1500 });
    const plain = newDelivery(cb("http://127.0.0.1:9/cb"), new Date(0), off);
    expect([plain.dueAt.getTime(), plain.faults]).toEqual([1_000_000, null]);
    // a callback that will not be sent gets none
    expect(newDelivery(cb(null), new Date(0), { ...off, duplicate: true }).faults).toBeNull();
  });

  it("a wrong signature uses a fresh secret, never the app's", () => {
    const live = ["whsec_live"];
    expect(signingSecretsFor(null, live)).toBe(live);
    const wrong = signingSecretsFor({ badSignature: true }, live);
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^whsec_/);
    expect(wrong[0]).not.toBe("whsec_live");
  });

  it("attempt notes say what was done on purpose", () => {
    expect(attemptNote(null, {})).toBeNull();
    expect(attemptNote({ extraDelayMs: 300 }, {})).toMatch(/300 ms late/);
    expect(attemptNote({ extraDelayMs: 300 }, { replay: true })).toBe("replay");
    expect(attemptNote({ duplicate: true }, { second: true })).toMatch(/duplicate/);
    expect(attemptNote({ duplicate: true }, {})).toBeNull();
    expect(storedCallbackFaults("not json")).toBeNull();
  });
});
