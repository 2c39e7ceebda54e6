"use client";
import { useState } from "react";
import { signOutAction } from "@/app/(auth)/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { Field, Input } from "@/components/ui/input";
import { ConsoleError, errorText, send } from "./api";

function ChangePassword() {
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="grid max-w-md gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        setBusy(true);
        setErrors({});
        setDone(false);
        try {
          await send("PATCH", "/api/console/account", { currentPassword: data.get("currentPassword"), newPassword: data.get("newPassword") });
          form.reset();
          setDone(true);
        } catch (err) {
          const field = err instanceof ConsoleError && err.details[0]?.field === "currentPassword" ? "currentPassword" : "newPassword";
          setErrors({ [field]: errorText(err, "The password was not changed.") });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Current password" error={errors.currentPassword}>
        {(p) => <Input {...p} name="currentPassword" type="password" autoComplete="current-password" required />}
      </Field>
      <Field label="New password" hint="At least 8 characters." error={errors.newPassword}>
        {(p) => <Input {...p} name="newPassword" type="password" autoComplete="new-password" required minLength={8} />}
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" busy={busy}>Change password</Button>
        {done && <span role="status" className="text-sm font-medium text-emerald-700">Password changed.</span>}
      </div>
    </form>
  );
}

function DeleteAccount() {
  const [password, setPassword] = useState("");
  return (
    <ConfirmButton
      trigger="Delete account"
      title="Delete your account?"
      confirmLabel="Delete account and apps"
      size="md"
      onConfirm={async () => {
        await send("DELETE", "/api/console/account", { password });
        await signOutAction();
      }}
    >
      <p>Your apps go with it: their key pairs stop working at once, and their request logs, callbacks and inboxes are deleted. This cannot be undone.</p>
      <label htmlFor="delete-password" className="mt-3 block text-sm font-medium text-slate-800">Your password</label>
      <input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
    </ConfirmButton>
  );
}

export function AccountPanel({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mt-1 text-sm text-slate-600">Signed in as <span className="font-medium text-slate-900">{email}</span>.</p>
      </div>
      <Card>
        <CardHeader title="Password" />
        <CardBody><ChangePassword /></CardBody>
      </Card>
      <Card>
        <CardHeader title="Sign out" description="Ends this session in this browser." actions={<form action={signOutAction}><Button type="submit" variant="secondary">Sign out</Button></form>} />
      </Card>
      <Card className="border-red-200">
        <CardHeader title="Delete account" description="Deletes the account and every app it owns." actions={<DeleteAccount />} />
      </Card>
    </div>
  );
}
