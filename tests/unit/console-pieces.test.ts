// The pure pieces behind the console's fixes and features.
import { describe, expect, it } from "vitest";
import { operationById } from "@/lib/catalog";
import { localTime, relative } from "@/components/ui/time";
import { defaultCallbackNote, requiresCallbackUrl, usesDefaultCallback } from "@/lib/docs/default-callback";
import { explanations } from "@/lib/docs/explain";
import { validateInput } from "@/lib/engine";
import { type ApiError, errorBody } from "@/lib/errors";
import { resourceIdsIn } from "@/lib/activity/links";
import { errorCodeOf } from "@/lib/activity/requests";

describe("VALIDATION_ERROR names every invalid field (defect 8)", () => {
  const push = operationById("collect.push")!;
  it("lists each field once in the message and in details", () => {
    let err: ApiError | undefined;
    try {
      validateInput(push, {}, { shortCode: "174379", amount: -5, currency: "EUR", reference: "X" });
    } catch (e) {
      err = e as ApiError;
    }
    expect(err?.code).toBe("VALIDATION_ERROR");
    const fields = err!.details!.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["amount", "currency", "phoneNumber", "callbackUrl"]));
    expect(new Set(fields).size).toBe(fields.length);
    for (const f of fields) expect(err!.message).toContain(f);
    const body = errorBody(err!.code, err!.message, "req_x", err!.details);
    expect(Object.keys(body)).toEqual(["error", "message", "requestId", "details"]);
  });
  it("one invalid field reads as before, and the body has no details only when there are none", () => {
    expect(() => validateInput(push, {}, { shortCode: "174379", amount: 0, currency: "KES", phoneNumber: "254712345678", reference: "R", callbackUrl: "https://e.com/cb" }))
      .toThrow(/^amount/);
    expect(Object.keys(errorBody("NOT_FOUND", "m", "req_x"))).toEqual(["error", "message", "requestId"]);
  });
});

describe("where the default callback URL applies (defect 2)", () => {
  it("SMS send only; Collect push and Payouts send require callbackUrl", () => {
    expect(usesDefaultCallback().map((o) => o.id)).toEqual(["sms.send"]);
    expect(requiresCallbackUrl().map((o) => o.id).sort()).toEqual(["collect.push", "payouts.send"]);
    expect(defaultCallbackNote()).toMatch(/^Used only by Send an SMS \(POST \/messaging\/v1\/sms\)/);
  });
});

describe("times (defect 11, Time)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("a future time is not 'just now'", () => {
    expect(relative(new Date(now.getTime() + 5000), now.getTime())).toBe("in a few seconds");
    expect(relative(new Date(now.getTime() - 5000), now.getTime())).toBe("just now");
    expect(relative(new Date(now.getTime() + 120_000), now.getTime())).toBe("in 2 minutes");
  });
  it("absolute, in the viewer's zone, zone named; the date only when not today", () => {
    expect(localTime(new Date("2026-11-22T11:30:05Z"), now, "Africa/Nairobi")).toMatch(/^14:30:05 (EAT|GMT\+3)$/);
    expect(localTime(new Date("2026-11-20T11:30:05Z"), now, "Africa/Nairobi")).toMatch(/^20 Nov 2026, 14:30 (EAT|GMT\+3)$/);
  });
});

describe("links and explanations", () => {
  it("finds resource ids in paths and bodies, once each", () => {
    const id = "chk_0123456789abcdefghijKL";
    expect(resourceIdsIn(`/collect/v1/push/${id}`, JSON.stringify({ checkoutId: id, other: "pay_0123456789abcdefghijKL" })))
      .toEqual([id, "pay_0123456789abcdefghijKL"]);
    expect(resourceIdsIn("/collect/v1/push/chk_short", null)).toEqual([]);
  });
  it("reads the error code of an error answer only", () => {
    expect(errorCodeOf(403, JSON.stringify({ error: "NOT_SUBSCRIBED", message: "m", requestId: "r" }))).toBe("NOT_SUBSCRIBED");
    expect(errorCodeOf(202, JSON.stringify({ error: "NOT_SUBSCRIBED" }))).toBeNull();
  });
  it("explains every resultCode of the catalog and the gateway's error codes", () => {
    const x = explanations();
    for (const code of ["1001", "1032", "1037", "2001", "0"]) expect(x.resultCodes[code]?.meaning).toBeTruthy();
    expect(x.resultCodes["1032"]!.href).toBe("/docs/collect/push#scenario-cancelled");
    for (const code of ["NOT_SUBSCRIBED", "VALIDATION_ERROR", "RATE_LIMITED"]) expect(x.errors[code]?.todo).toBeTruthy();
  });
});

describe("sign-in returns only to this site's paths (defect 4)", () => {
  it("keeps paths, refuses absolute, protocol-relative and browser-rewritten targets", async () => {
    const { safeNext } = await import("@/lib/auth/next-path");
    expect(safeNext("/apps/app_x/requests?status=4xx")).toBe("/apps/app_x/requests?status=4xx");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "apps", "", null, 42]) {
      expect(safeNext(bad)).toBeNull();
    }
  });
});
