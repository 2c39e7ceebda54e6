// Validating input with a zod schema: the first problem becomes a
// VALIDATION_ERROR in the error body (console routes, services, the developer API).
import type { z } from "zod";
import { ApiError } from "@/lib/errors";

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  // `details` names the field (`field`, else the issue's path in the value, e.g. `url`), so the console shows the message under it.
  const name = field ?? issue.path.map(String).join(".");
  throw new ApiError("VALIDATION_ERROR", issue.message, {}, name ? [{ field: name, message: issue.message }] : undefined);
}

/**
 * Characters that do not show as what they are, by Unicode's own properties
 * rather than a list: controls (Cc, NUL included), format characters (all of
 * Cf: bidi overrides and isolates, zero-width ones, the byte-order mark
 * U+FEFF, the soft hyphen, tags), every Default_Ignorable_Code_Point (the
 * Hangul fillers, U+034F, the Khmer inherent vowels U+17B4/5, …) and every
 * Variation_Selector (U+FE00–FE0F, Mongolian's U+180B–180F, U+E0100–E01EF),
 * plus the braille blank U+2800, which is none of these yet shows nothing.
 * Every label a person names (apps, key pairs, sandboxes, test numbers)
 * refuses them.
 */
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\u2800]/u;

/** Combining marks stacked on one character: up to three (Vietnamese, Hebrew points, Tibetan stacks), more is "zalgo" text that spills over its neighbours. */
export const MAX_STACKED_MARKS = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_STACKED_MARKS + 1},}`, "u");

/**
 * For a zod refine: `text` has no hidden character and no more than
 * MAX_STACKED_MARKS combining marks in a row. Refine before `.trim()`, which
 * would quietly drop a U+FEFF at either end.
 */
export const isVisibleText = (text: string) => !HIDDEN_CHARS.test(text) && !STACKED_MARKS.test(text);
export const hiddenCharsError = (name: string) => ({
  error: `${name} must not contain control, invisible or text-direction characters, nor more than ${MAX_STACKED_MARKS} combining marks on one character`,
});
