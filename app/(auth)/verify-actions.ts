"use server";
// Following a verification link (/verify-email/<token>): the form's post uses it up (lib/services/verification.ts).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sentence } from "@/components/ui/error-text";
import { isApiError } from "@/lib/errors";
import { verifyEmail } from "@/lib/services/verification";
import { clientAddress } from "@/lib/throttle";

export type VerifyState = { error?: string };

/** Verified: on to /email-verified (the link's own page no longer works, with or without JavaScript). */
export async function verifyAction(_: VerifyState, form: FormData): Promise<VerifyState> {
  try {
    await verifyEmail(String(form.get("token") ?? ""), clientAddress(await headers()));
  } catch (e) {
    if (isApiError(e) && (e.code === "NOT_FOUND" || e.code === "CONFLICT")) return { error: `${sentence(e.message)}.` };
    throw e;
  }
  redirect("/email-verified");
}
