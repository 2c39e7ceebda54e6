"use server";
// Account recovery: /forgot asks for a link, /reset chooses the new password (lib/services/recovery.ts).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { sentence } from "@/components/ui/error-text";
import { isApiError } from "@/lib/errors";
import { requestReset, resetPassword } from "@/lib/services/recovery";
import { clientAddress } from "@/lib/throttle";

/** `setFor`: the password of that account is set while another stays signed in here. */
export type RecoveryState = { error?: string; sent?: boolean; setFor?: string };


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

/**
 * A new password from a reset link; done, every session of the account has ended and the person
 * signs in again. Someone else signed in here (the page said so) stays signed in and is told it is done.
 */
export async function resetAction(_: RecoveryState, form: FormData): Promise<RecoveryState> {
  let email: string;
  try {
    ({ email } = await resetPassword(String(form.get("token") ?? ""), String(form.get("password") ?? "")));
  } catch (e) {
    return shown(e);
  }
  if (await currentUser()) return { setFor: email };
  redirect("/signin?done=reset");
}
