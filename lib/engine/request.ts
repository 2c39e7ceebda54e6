// Turning what arrived into the operation's input: body parsing and field
// validation (README: How the sandbox behaves). Pure.
import { mediaType } from "@/lib/http/media-type";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import type { Operation } from "@/lib/catalog";

export const MAX_BODY_BYTES = 64 * 1024;

/** Deepest nesting a body may have: deeper ones are refused before anything walks them. */
export const MAX_JSON_DEPTH = 32;

/** INVALID_BODY when `value` nests arrays or objects deeper than MAX_JSON_DEPTH (checked without recursion). */
export function checkDepth(value: unknown, what = "the request body"): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) throw new ApiError("INVALID_BODY", `${what} must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`);
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
}

/**
 * UNSUPPORTED_MEDIA_TYPE when a body is sent with a Content-Type that is not
 * JSON (`application/json`, or `application/<x>+json`). A body without a
 * Content-Type is read as JSON, as before; an empty body needs none.
 */
export function checkMediaType(contentType: string | null | undefined, text: string): void {
  if (!contentType || text.trim() === "") return;
  const type = mediaType(contentType)!;
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return;
  throw new ApiError("UNSUPPORTED_MEDIA_TYPE", `the request body must be JSON sent as Content-Type: application/json, not ${type.slice(0, 100) || "an empty type"}`);
}

/** A JSON object, or INVALID_BODY. An empty body counts as `{}` so that validation can name the missing fields. */
export function parseJsonBody(text: string, limit = MAX_BODY_BYTES): Record<string, unknown> {
  if (Buffer.byteLength(text) > limit) {
    throw new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);
  }
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_BODY", "the request body must be valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("INVALID_BODY", "the request body must be a JSON object");
  }
  checkDepth(value);
  return value as Record<string, unknown>;
}

const asText = (v: unknown): string | null =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : null;

/**
 * Magic values always reach their scenario: a body field whose value equals a
 * trigger value of this operation is exempt from that field's own rules, and
 * takes the trigger's value (so `amount: "1"` becomes 1).
 */
function exemptions(op: Operation, body: Record<string, unknown>): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const name of Object.keys(body)) {
    const value = magicValue(op, `body.${name}`, asText(body[name]));
    if (value !== undefined) out[name] = z.any().transform(() => value);
  }
  return out;
}

/** The trigger value `text` stands for when it is a magic value of this body field (only body fields are exempt from their rules). */
export function magicValue(op: Operation, field: string, text: string | null): string | number | undefined {
  if (text === null || !field.startsWith("body.")) return undefined;
  for (const s of op.scenarios) {
    for (const t of s.triggers ?? []) if ("field" in t && t.field === field && String(t.value) === text) return t.value;
  }
  return undefined;
}

/** One invalid field: its path (`amount`, `items.0.name`, "" for the body itself) and what is wrong. */
export type FieldIssue = { field: string; message: string };

/** Every invalid field once (its first problem), in the order zod found them. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Map<string, FieldIssue>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!seen.has(field)) seen.set(field, { field, message: issue.message });
  }
  return [...seen.values()];
}

/** VALIDATION_ERROR whose message lists every invalid field (`a: …; b: …`), with the same list as `details`. */
function invalid(error: z.ZodError): ApiError {
  const details = fieldIssues(error);
  const text = details.map(({ field, message }) => (message.startsWith(field) || !field ? message : `${field}: ${message}`)).join("; ");
  return new ApiError("VALIDATION_ERROR", text, {}, details);
}

export type OperationInput = { params: Record<string, string>; body: Record<string, unknown> };

/** Validates path parameters and body against the operation's schemas, or VALIDATION_ERROR naming every invalid field. */
export function validateInput(op: Operation, params: Record<string, string>, body: Record<string, unknown>): OperationInput {
  const p = op.params.safeParse(params);
  if (!p.success) throw invalid(p.error);
  if (!op.body) return { params: p.data as Record<string, string>, body: {} };
  const exempt = exemptions(op, body);
  const schema = Object.keys(exempt).length ? op.body.extend(exempt) : op.body;
  const b = schema.safeParse(body);
  if (!b.success) throw invalid(b.error);
  return { params: p.data as Record<string, string>, body: b.data as Record<string, unknown> };
}
