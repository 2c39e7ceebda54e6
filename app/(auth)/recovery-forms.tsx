"use client";
import { useActionState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { forgotAction, type RecoveryState, resetAction } from "./recovery-actions";

function Alert({ text }: { text?: string }) {
  return text ? <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{text}</div> : null;
}

export function ForgotForm() {
  const [state, formAction, pending] = useActionState(forgotAction, {} as RecoveryState);
  if (state.sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          If an account exists for that address, we sent a link to it. The link works once, within an hour.
        </p>
        <p className="text-sm text-slate-500">No mail after a few minutes? Check the spam folder, or ask again.</p>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-4">
      <Alert text={state.error} />
      <Field label="Email">{(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}</Field>
      <Button type="submit" className="w-full" busy={pending}>Send reset link</Button>
    </form>
  );
}

export function ResetForm({ token, email }: { token: string; email: string }) {
  const [state, formAction, pending] = useActionState(resetAction, {} as RecoveryState);
  if (state.setFor) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          The password of {state.setFor} is set, and its sessions have ended. You are still signed in here as before.
        </p>
        <ButtonLink href="/apps" variant="secondary" className="w-full">Back to your apps</ButtonLink>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Alert text={state.error} />
      <Field label="New password" hint="At least 8 characters. Every session of your account ends.">
        {(p) => <Input {...p} name="password" type="password" required minLength={8} autoComplete="new-password" />}
      </Field>
      <Button type="submit" className="w-full" busy={pending}>Set new password</Button>
    </form>
  );
}
