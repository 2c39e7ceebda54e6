// Inputs of the console and the command line, defined once: the server
// validates with them, the forms show their messages.
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { hiddenCharsError, isVisibleText } from "@/lib/validation";

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
  .refine(isVisibleText, hiddenCharsError("name"))
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(64, { error: "name must be at most 64 characters" });

/** A key pair's optional name; empty means none. */
export const keyLabelSchema = z
  .string({ error: "label must be text" })
  .refine(isVisibleText, hiddenCharsError("label"))
  .trim()
  .max(40, { error: "label must be at most 40 characters" })
  .transform((v) => (v === "" ? null : v));

/** An optional http(s) URL; empty means none. */
export const callbackUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: "callback URL must be at most 2048 characters" })
  .transform((v) => (v === "" ? null : v))
  .pipe(
    z
      .url({ protocol: /^https?$/, error: "callback URL must be an http or https URL" })
      .refine((v) => !/^[a-z]+:\/\/[^/?#]*@/i.test(v), { error: "callback URL must not carry a user name or password" })
      .nullable(),
  );

export const perMinuteSchema = z.coerce
  .number({ error: "per-minute limit must be a number" })
  .int({ error: "per-minute limit must be a whole number" })
  .min(1, { error: "per-minute limit must be at least 1" })
  .max(1_000_000, { error: "per-minute limit must be at most 1000000" });

// The most common passwords of at least 8 characters (leaked-password lists' top entries).
const COMMON_PASSWORDS = new Set([
  "12345678", "123456789", "1234567890", "password", "password1", "password123", "qwertyuiop", "qwerty123",
  "11111111", "00000000", "iloveyou", "abcd1234", "1q2w3e4r", "sunshine", "princess", "football", "baseball",
  "welcome1", "letmein1", "trustno1", "superman", "starwars", "passw0rd", "zaq12wsx", "qwertyui", "asdfghjk",
  "87654321", "123123123", "1qaz2wsx", "changeme", "administrator", "monkey123", "dragon123", "master123",
]);

/** Refuses passwords a guesser tries first: common ones, one repeated character, blank ones, the email itself. */
export function checkPasswordStrength(password: string, email: string, field?: string): void {
  const p = password.toLowerCase();
  const local = email.split("@")[0] ?? "";
  const weak =
    password.trim().length < 8 ? "password must have at least 8 characters that are not spaces"
    : new Set(password).size < 4 ? "password must use at least 4 different characters"
    : COMMON_PASSWORDS.has(p) || /^(0123456789|1234567890|abcdefgh)/.test(p) ? "password is too common; choose another"
    : p === email || p.includes(email) || (local.length >= 4 && p.replace(/[^a-z0-9]/g, "") === local.replace(/[^a-z0-9]/g, ""))
      ? "password must not be your email address"
      : null;
  if (weak) throw new ApiError("VALIDATION_ERROR", weak, {}, field ? [{ field, message: weak }] : undefined);
}

/** Hours the replaced signing secret keeps signing after a rotation (0: it stops at once). */
export const graceHoursSchema = z.coerce
  .number({ error: "grace hours must be a number" })
  .int({ error: "grace hours must be a whole number" })
  .min(0, { error: "grace hours must be at least 0" })
  .max(168, { error: "grace hours must be at most 168 (one week)" })
  .default(24);

