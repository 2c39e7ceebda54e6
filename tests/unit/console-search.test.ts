// How the console's search reads its text (lib/activity/search.ts): which id
// prefix is a lookup, and what counts as a phone number; and the number a
// logged call's body names (RequestLog.phone, lib/engine/phone.ts).
import { describe, expect, it } from "vitest";
import { ID_KINDS, idKindOf } from "@/lib/activity/search";
import { phoneDigits, phoneOfBody } from "@/lib/engine";
import { newId } from "@/lib/ids";

describe("console search text", () => {
  it("an id of every prefix the portal issues is looked up by its kind; other prefixes and shapes are not ids", () => {
    for (const prefix of ["app", "usr", "key", "chk", "pay", "ver", "msg", "dlv", "req", "inb"] as const) {
      expect(idKindOf(newId(prefix)), prefix).toBe(ID_KINDS[prefix]);
    }
    expect(idKindOf("rck_4Yh2mXc9LpR4tV8wZk1sHd")).toBe(ID_KINDS.rck);
    for (const text of ["ord_123", "INV-2026-001", "chk_", "chk_abc def", "CHK_abc", "constructor_x", "254712345678"]) {
      expect(idKindOf(text), text).toBeNull();
    }
  });

  it("a phone number as people type it becomes its digits; 7 to 15 digits, nothing else", () => {
    expect(phoneDigits("254712345678")).toBe("254712345678");
    expect(phoneDigits("+254 712 345 678")).toBe("254712345678");
    expect(phoneDigits("(254) 712-345.678")).toBe("254712345678");
    for (const text of ["123456", "1234567890123456", "INV-254712345678", "+", "chk_254712345678", "254 712 345 678 x"]) {
      expect(phoneDigits(text), text).toBeNull();
    }
  });

  it("the number a body names: Collect's phoneNumber, SMS's to, a payout's destination.phoneNumber, digits only as sent; else none", () => {
    expect(phoneOfBody('{"phoneNumber":"254712345678","amount":100}')).toBe("254712345678");
    expect(phoneOfBody('{"to":"254700000013","message":"hi"}')).toBe("254700000013");
    expect(phoneOfBody('{"destination":{"type":"mobile","phoneNumber":"254711111111"},"amount":5}')).toBe("254711111111");
    expect(phoneOfBody('  {"phoneNumber":"+254 712","to":"254799999999"}')).toBe("254799999999");
    for (const body of [null, undefined, "", "not json", '{"phoneNumber":254712345678}', '{"reference":"254712345678"}', '["254712345678"]', '{"phoneNumber":"12345"}', '{"destination":"254712345678"}']) {
      expect(phoneOfBody(body), String(body)).toBeNull();
    }
  });
});
