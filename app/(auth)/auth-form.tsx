"use client";
import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import type { AuthFormState } from "./actions";
import { CODE_NEEDED } from "./sign-in-messages";

type Props = {
  action: (s: AuthFormState, f: FormData) => Promise<AuthFormState>;
  submit: string;
  newPassword?: boolean;
  next?: string;
};

export function AuthForm({ action, submit, newPassword, next }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  // Kept across the form's reset after each submit, so the code is asked for without typing the password again.
  const [password, setPassword] = useState("");
  return (
    <form action={formAction} className="space-y-4" noValidate={false}>
      {next && <input type="hidden" name="next" value={next} />}
      {state.needCode && !state.error && (
        <div role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">{CODE_NEEDED}</div>
      )}
      {state.error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{state.error}</div>
      )}
      <Field label="Email">
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required defaultValue={state.email} />}
      </Field>
      <Field label="Password" hint={newPassword ? "At least 8 characters." : undefined}>
        {(p) => (
          <Input {...p} name="password" type="password" required minLength={newPassword ? 8 : undefined} autoComplete={newPassword ? "new-password" : "current-password"} value={password} onChange={(e) => setPassword(e.target.value)} />
        )}
      </Field>
      {state.needCode && (
        <Field label="Code" hint="6 digits from your authenticator app, or a recovery code.">
          {(p) => <Input {...p} name="totp" required autoComplete="one-time-code" autoFocus spellCheck={false} maxLength={64} />}
        </Field>
      )}
      <Button type="submit" className="w-full" busy={pending}>{submit}</Button>
    </form>
  );
}
