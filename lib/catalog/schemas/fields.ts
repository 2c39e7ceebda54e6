// Field builders for the operations' zod schemas. Each rule's message names the
// field and the rule, as VALIDATION_ERROR promises (README: How the sandbox behaves).
import { z } from "zod";

type Issue = { input?: unknown };
const required = (name: string, otherwise: string) => (iss: Issue) =>
  iss.input === undefined || iss.input === null ? `${name} is required` : otherwise;

export function text(name: string, opts: { min?: number; max?: number; description?: string; example?: string } = {}) {
  const { min = 1, max } = opts;
  let s = z.string({ error: required(name, `${name} must be a string`) });
  s = s.min(min, { error: min === 1 ? `${name} must not be empty` : `${name} must be at least ${min} characters` });
  if (max !== undefined) s = s.max(max, { error: `${name} must be at most ${max} characters` });
  return s.meta({ description: opts.description, examples: opts.example ? [opts.example] : undefined });
}

/** How every digit-string pattern starts: 1 to 15 digits in all (the docs recognise it by this). */
export const DIGIT_STRING_PREFIX = "^(?=\\d{1,15}$)";

/**
 * A pattern for strings of 1 to 15 digits whose value is at least `min`, so the
 * published JSON Schema carries the same rule for "100" as for 100.
 */
export function digitsAtLeast(min: number): string {
  if (min <= 0) return `${DIGIT_STRING_PREFIX}\\d+$`;
  const d = String(min);
  const alts = [`[1-9]\\d{${d.length},}`]; // more significant digits than min
  for (let i = 0; i < d.length; i++) {
    const next = Number(d[i]) + 1; // same length, larger at position i
    if (next <= 9) alts.push(`${d.slice(0, i)}[${next}-9]${i < d.length - 1 ? `\\d{${d.length - i - 1}}` : ""}`);
  }
  alts.push(d);
  return `${DIGIT_STRING_PREFIX}0*(?:${alts.join("|")})$`;
}

/**
 * An integer, as a JSON number or a string of digits ("100"): values reach the
 * scenario triggers as text, so both forms are accepted. 12.5, -3 and "abc" are not.
 */
export function integer(name: string, opts: { min: number; description?: string; example?: number }) {
  const rule = `${name} must be an integer of at least ${opts.min}`;
  const digits = z.string().regex(new RegExp(digitsAtLeast(opts.min)), { error: rule }).meta({ description: `The integer as a string of digits, at least ${opts.min}.` });
  return z
    .union([z.int({ error: rule }).min(opts.min, { error: rule }), digits], { error: required(name, rule) })
    .transform((v) => Number(v))
    .pipe(z.int().min(opts.min, { error: rule }))
    .meta({ description: opts.description, examples: opts.example !== undefined ? [opts.example] : undefined });
}

export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T, description?: string) {
  return z
    .enum(values, { error: required(name, `${name} must be one of ${values.join(", ")}`) })
    .meta({ description });
}

/** International format without the plus sign: country code and number, 8 to 15 digits. */
export function phone(name: string, description?: string) {
  return z
    .string({ error: required(name, `${name} must be a string`) })
    .regex(/^[1-9]\d{7,14}$/, {
      error: `${name} must be a phone number in international format without the plus sign, e.g. 254712345678`,
    })
    .meta({ description, examples: ["254712345678"] });
}

export function httpUrl(name: string, description?: string) {
  return z
    .url({ protocol: /^https?$/, error: required(name, `${name} must be an http or https URL`) })
    .max(2048, { error: `${name} must be at most 2048 characters` })
    .meta({ description, examples: ["https://example.com/callbacks"] });
}

export const CURRENCIES = ["KES", "TZS", "UGX"] as const;

/** A path parameter: an opaque id. */
export function pathId(name: string, description: string, example: string) {
  return text(name, { max: 64, description, example });
}
