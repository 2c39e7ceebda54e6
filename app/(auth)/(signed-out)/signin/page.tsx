import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { SIGN_IN_UNAVAILABLE } from "@/lib/auth";
import { safeNext } from "@/lib/auth/next-path";
import { config } from "@/lib/runtime";
import { signInAction } from "../../actions";
import { SsoButton } from "../../sso-button";
import { CODE_NEEDED, CODE_WRONG, ssoRefused } from "../../sign-in-messages";
import { AuthForm } from "../../auth-form";
import { PasskeySignIn } from "../../passkey-sign-in";
import { passkeySignInMessage } from "@/lib/services/passkey-refusals";

export const metadata: Metadata = { title: "Sign in" };

/** Why the account page (components/console/account-panel.tsx) or a password reset (app/(auth)/recovery-actions.ts) sent the reader here, in words. */
const DONE: Record<string, string> = {
  password: "Your password was changed and every session of your account ended. Sign in with the new password.",
  "signed-out": "Every session of your account ended, this one too. Sign in again.",
  reset: "Password changed. Every session of your account ended; sign in with the new password.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; done?: string; code?: string; error?: string }> }) {
  const { next: asked, done, code, error } = await searchParams;
  const sso = config.oidc;
  const refused = sso && error && code === undefined ? ssoRefused(error, sso.name) : undefined;
  const next = safeNext(asked) ?? undefined;
  const note = done && Object.hasOwn(DONE, done) ? DONE[done] : undefined;
  return (
    <>
      {/* Sign-in's own endpoint (/api/auth/callback/credentials) sends a refused sign-in here with Auth.js's `code`: this one is not about the password. */}
      {code === "unavailable" && <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{SIGN_IN_UNAVAILABLE}</p>}
      {/* Two-step sign-in (lib/services/totp.ts): the endpoint was sent a right password without a code, or a wrong code. */}
      {(code === "totp_required" || code === "totp_invalid") && <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{code === "totp_required" ? CODE_NEEDED : CODE_WRONG}</p>}
      {/* A passkey's answer the endpoint (/api/auth/callback/passkey) refused: why, in words. */}
      {passkeySignInMessage(code) && <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{passkeySignInMessage(code)}</p>}
      {/* Single sign-on that signed nobody in (lib/services/sso.ts, or Auth.js refusing the provider's answer). */}
      {refused && <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{refused}</p>}
      {note && <p role="status" className="mb-5 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{note}</p>}
      <h1 className="text-xl font-semibold tracking-tight">Sign in to the console</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Manage your sandbox apps, keys and callbacks.</p>
      {sso && (
        <div className="mb-5">
          <SsoButton name={sso.name} next={next} />
          <p className="mt-5 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">or with your email</p>
        </div>
      )}
      <AuthForm action={signInAction} submit="Sign in" next={next} />
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500" aria-hidden><span className="h-px flex-1 bg-slate-200" />or<span className="h-px flex-1 bg-slate-200" /></div>
      <PasskeySignIn next={next} />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot" className="font-medium text-indigo-700 hover:underline">Forgot your password?</Link>
      </p>
      <p className="mt-6 text-center text-sm text-slate-500">
        No account yet? <Link href={next ? `/signup?next=${encodeURIComponent(next)}` : "/signup"} className="font-medium text-indigo-700 hover:underline">Create one</Link>
      </p>
    </>
  );
}
