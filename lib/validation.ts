// Validating input with a zod schema: the first problem becomes a
// VALIDATION_ERROR in the error body (console routes, services, the developer API).
import type { z } from "zod";
import { ApiError } from "@/lib/errors";

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const message = r.error.issues[0]!.message;
  // `field` names the form field in `details`, so the console shows the message under it.
  throw new ApiError("VALIDATION_ERROR", message, {}, field ? [{ field, message }] : undefined);
}
