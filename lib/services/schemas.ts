// Inputs of the console and the command line, defined once: the server
// validates with them, the forms show their messages.
import { z } from "zod";
import { ApiError } from "@/lib/errors";

export const emailSchema = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }).max(254, { error: "email must be at most 254 characters" }));

export const passwordSchema = z
  .string({ error: "password is required" })
  .min(8, { error: "password must be at least 8 characters" })
  .max(200, { error: "password must be at most 200 characters" });

export const appNameSchema = z
  .string({ error: "name is required" })
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(64, { error: "name must be at most 64 characters" });

/** A key pair's optional name; empty means none. */
export const keyLabelSchema = z
  .string({ error: "label must be text" })
  .trim()
  .max(40, { error: "label must be at most 40 characters" })
  .transform((v) => (v === "" ? null : v));

/** An optional http(s) URL; empty means none. */
export const callbackUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: "callback URL must be at most 2048 characters" })
  .transform((v) => (v === "" ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: "callback URL must be an http or https URL" }).nullable());

export const perMinuteSchema = z.coerce
  .number({ error: "per-minute limit must be a number" })
  .int({ error: "per-minute limit must be a whole number" })
  .min(1, { error: "per-minute limit must be at least 1" })
  .max(1_000_000, { error: "per-minute limit must be at most 1000000" });

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const message = r.error.issues[0]!.message;
  // `field` names the form field in `details`, so the console shows the message under it.
  throw new ApiError("VALIDATION_ERROR", message, {}, field ? [{ field, message }] : undefined);
}
