// How the console's search reads its text (lib/activity/search.ts): which id
// prefix is a lookup, and what counts as a phone number.
import { describe, expect, it } from "vitest";
import { ID_KINDS, idKindOf } from "@/lib/activity/search";
import { phoneDigits } from "@/lib/engine";
import { newId } from "@/lib/ids";

describe("console search text", () => {
  it("an id of every prefix the sandbox issues is looked up by its kind; other prefixes and shapes are not ids", () => {
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
});
