"use server";
// Sign up, sign in and sign out: forms post here; next-auth sets the session cookie.
import { AuthError, CredentialsSignin } from "next-auth";
import { SIGN_IN_UNAVAILABLE, signIn, signOut } from "@/lib/auth";
import { safeNext } from "@/lib/auth/next-path";
import { headers } from "next/headers";
import { sentence } from "@/components/ui/error-text";
import { isApiError, isDatabaseUnavailable } from "@/lib/errors";
import { log } from "@/lib/log";
import { clientAddress } from "@/lib/throttle";
import { signUp } from "@/lib/services/users";
import { passkeySignInMessage } from "@/lib/services/passkey-refusals";
import { CODE_WRONG } from "./sign-in-messages";

/** `needCode`: the password was right and the account has two-step sign-in on: the form asks for a code. */
export type AuthFormState = { error?: string; email?: string; needCode?: boolean };

const nextPath = (v: FormDataEntryValue | null) => safeNext(v) ?? "/apps";

const NO_MATCH = "That email and password do not match an account.";
/** Sign-up with an email that has an account and another password: what it says without confirming the account (a new email would have been signed up). */
const CANNOT_SIGN_UP = "An account cannot be made with that email. If it is yours, sign in with its password.";

async function signInWith(email: string, password: string, next: string, mismatch = NO_MATCH, totp = ""): Promise<AuthFormState> {
  try {
    await signIn("credentials", { email, password, totp, redirectTo: next });
    return {};
  } catch (e) {
    if (e instanceof CredentialsSignin && e.code === "throttled") {
      return { email, error: "Too many sign-ins for this account from your network. Wait a minute, then try again." };
    }
    if (e instanceof CredentialsSignin && e.code === "totp_required") return { email, needCode: true };
    if (e instanceof CredentialsSignin && e.code === "totp_invalid") return { email, needCode: true, error: CODE_WRONG };
    if (e instanceof CredentialsSignin && e.code === "busy") {
      return { email, error: "The server is busy checking passwords. Try again in a moment." };
    }
    if (e instanceof CredentialsSignin && e.code === "unavailable") {
      return { email, error: SIGN_IN_UNAVAILABLE };
    }
    if (e instanceof AuthError) return { email, error: mismatch };
    throw e; // the redirect after a successful sign-in
  }
}

export async function signInAction(_: AuthFormState, form: FormData): Promise<AuthFormState> {
  return signInWith(String(form.get("email") ?? ""), String(form.get("password") ?? ""), nextPath(form.get("next")), NO_MATCH, String(form.get("totp") ?? ""));
}

export async function signUpAction(_: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  try {
    await signUp({ email, password }, clientAddress(await headers()));
  } catch (e) {
    if (isApiError(e) && (e.code === "VALIDATION_ERROR" || e.code === "RATE_LIMITED")) {
      return { email, error: `${sentence(e.message)}.` };
    }
    // The database out of reach, or too busy for the sign-up to take its turn: said in words, as sign-in says it
    // (not a server error page), and logged as the routes log it (lib/errors.ts toApiError). No account was made
    // (lib/services/users.ts signUp gives its place back), or, if the verification mail's link failed, one was:
    // sent again, the form then signs its owner in.
    if (isDatabaseUnavailable(e)) {
      log().warn({ reason: (e as Error).message }, "[signup] database unavailable");
      return { email, error: SIGN_IN_UNAVAILABLE };
    }
    // A taken email: its owner with the right password is signed in; anyone else reads CANNOT_SIGN_UP.
    // With two-step sign-in on, the form then asks its owner for a code, as sign-in's does.
    if (isApiError(e) && e.code === "CONFLICT") return signInWith(email, password, nextPath(form.get("next")), CANNOT_SIGN_UP, String(form.get("totp") ?? ""));
    throw e;
  }
  return signInWith(email, password, nextPath(form.get("next")));
}

/**
 * Signs in with a passkey alone: `response`, the authenticator's answer
 * (startAuthentication's, as JSON) to POST /api/console/passkey-signin's
 * options, checked by Auth.js's `passkey` provider. Refused: what went wrong, in words.
 */
export async function passkeySignInAction(response: string, next: string | undefined): Promise<{ error?: string }> {
  try {
    await signIn("passkey", { response, redirectTo: safeNext(next) ?? "/apps" });
    return {};
  } catch (e) {
    if (e instanceof CredentialsSignin) {
      if (e.code === "throttled") return { error: "Too many sign-ins for this account from your network. Wait a minute, then try again." };
      if (e.code === "unavailable") return { error: SIGN_IN_UNAVAILABLE };
      return { error: passkeySignInMessage(e.code) ?? "Not signed in: the passkey was not accepted." };
    }
    if (e instanceof AuthError) return { error: "Not signed in: the passkey was not accepted." };
    throw e; // the redirect after a successful sign-in
  }
}

/** Ends the session for good: a copied cookie stops working too (lib/auth's signOut event ends the account's sessions). */
export async function signOutAction() {
  await signOut({ redirectTo: "/" });
}

/** Signs out, then to sign-in, which comes back to `next`: a change that needs a recent sign-in (adding a passkey, lib/services/sessions.ts). */
export async function signInAgainAction(next: string) {
  await signOut({ redirectTo: `/signin?next=${encodeURIComponent(safeNext(next) ?? "/account")}` });
}
