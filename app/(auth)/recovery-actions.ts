"use server";
// Account recovery: /forgot asks for a link, /reset chooses the new password (lib/services/recovery.ts).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sentence } from "@/components/ui/error-text";
import { isApiError } from "@/lib/errors";
import { requestReset, resetPassword } from "@/lib/services/recovery";
import { clientAddress } from "@/lib/throttle";

export type RecoveryState = { error?: string; sent?: boolean };


/** What a form shows for an ApiError the person can act on; anything else is the server's error. */
function shown(e: unknown): RecoveryState {
  if (isApiError(e) && (e.code === "VALIDATION_ERROR" || e.code === "RATE_LIMITED" || e.code === "NOT_FOUND")) return { error: `${sentence(e.message)}.` };
  throw e;
}

/** Answers `sent` alike whether or not the email has an account. */
export async function forgotAction(_: RecoveryState, form: FormData): Promise<RecoveryState> {
  try {
    await requestReset(String(form.get("email") ?? ""), clientAddress(await headers()));
  } catch (e) {
    return shown(e);
  }
  return { sent: true };
}

/** A new password from a reset link; done, every session has ended and the person signs in again. */
export async function resetAction(_: RecoveryState, form: FormData): Promise<RecoveryState> {
  try {
    await resetPassword(String(form.get("token") ?? ""), String(form.get("password") ?? ""));
  } catch (e) {
    return shown(e);
  }
  redirect("/signin?done=reset");
}
