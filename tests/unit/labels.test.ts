// The names rule (lib/validation.ts isVisibleText) as every label's schema
// applies it: app and sandbox names, key labels, test numbers' texts.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { testNumberInputSchema } from "@/lib/catalog/dev-endpoints/test-number-endpoints";
import { appNameSchema, keyLabelSchema } from "@/lib/services/schemas";

// Every format character (Unicode's Cf) in a sample across its blocks, at the start, the end and inside.
const FORMAT = ["\u00AD", "\u0600", "\u061C", "\u06DD", "\u070F", "\u180E", "\u200B", "\u200E", "\u202A", "\u2060", "\u2066", "\uFEFF", "\uFFF9", "\u{110BD}", "\u{1D173}", "\u{E0001}", "\u{E0041}"];
// Invisible but not Cf: variation selectors (U+FE0F the emoji one, U+180B Mongolian's, U+E0100 a supplement's),
// and other default-ignorable marks (U+17B4 the Khmer inherent vowel, U+034F, the Hangul fillers).
const IGNORABLE = ["\uFE0F", "\uFE00", "\u180B", "\u180D", "\u180F", "\u17B4", "\u17B5", "\u034F", "\u115F", "\u3164", "\uFFA0", "\u{E0100}", "\u{1BCA0}"];
const placed = (c: string) => [`${c}Shop`, `Shop${c}`, `Sh${c}op`, c];
const zalgo = ["Z\u0351\u0352\u0353\u0354algo", "Shop\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307", "a\u0308\u0489\u0489\u0489"];
// Real text with combining marks: Vietnamese decomposed (2), Hebrew with points (3), Devanagari, Thai.
const fine = ["Vie\u0323\u0302t", "\u05E9\u05BC\u05C1\u05B8\u05DC\u05D5\u05B9\u05DD", "हिन्दी", "ภาษาไทย", "Café ☕ 東京", "  padded  "];

const schemas: [string, z.ZodType][] = [
  ["app or sandbox name", appNameSchema],
  ["key label", keyLabelSchema],
  ["test number value", testNumberInputSchema.shape.value],
];

describe.each(schemas)("%s", (_, schema) => {
  it("refuses every format character (Cf), the byte-order mark at either end included", () => {
    const accepted = FORMAT.flatMap(placed).filter((v) => schema.safeParse(v).success);
    expect(accepted.map((v) => JSON.stringify(v))).toEqual([]);
  });

  it("refuses variation selectors and every other default-ignorable code point", () => {
    const accepted = IGNORABLE.flatMap(placed).filter((v) => schema.safeParse(v).success);
    expect(accepted.map((v) => JSON.stringify(v))).toEqual([]);
  });

  it("refuses more than three combining marks on one character", () => {
    const accepted = zalgo.filter((v) => schema.safeParse(v).success);
    expect(accepted.map((v) => JSON.stringify(v))).toEqual([]);
  });

  it("keeps real text with combining marks, trimmed of spaces", () => {
    for (const v of fine) expect(schema.safeParse(v), JSON.stringify(v)).toMatchObject({ success: true, data: v.trim() });
  });
});
