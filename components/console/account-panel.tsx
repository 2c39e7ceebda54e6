"use client";
// Password change and "sign out everywhere": both end every session of the
// account (app/api/console/account/*), so afterwards the browser goes to sign-in.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { send } from "./api";

const toSignIn = () => window.location.assign("/signin");

export function AccountPanel({ email }: { email: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"password" | "sessions" | null>(null);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Account</h1>
        <p className="mt-1 break-all text-sm text-slate-500">{email}</p>
      </div>
      <Card>
        <CardHeader title="Change password" description="Every session of this account ends, this one too: sign in again with the new password." />
        <CardBody>
          <form
            className="grid max-w-md gap-3"
            onSubmit={async (e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              setBusy("password");
              setError(null);
              try {
                await send("POST", "/api/console/account/password", { current: f.get("current"), next: f.get("next") });
                toSignIn();
              } catch (err) {
                setError(err instanceof Error ? err.message : "Not changed.");
                setBusy(null);
              }
            }}
          >
            <Field label="Current password">{(p) => <Input {...p} name="current" type="password" autoComplete="current-password" required />}</Field>
            <Field label="New password" error={error} hint="At least 8 characters; not a common password, not your email.">
              {(p) => <Input {...p} name="next" type="password" autoComplete="new-password" required minLength={8} />}
            </Field>
            <div><Button type="submit" busy={busy === "password"}>Change password</Button></div>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Sessions" description="Signed in on another computer, or left a session open? End every session of this account, including copied session cookies." />
        <CardBody>
          <Button
            variant="secondary"
            busy={busy === "sessions"}
            onClick={async () => {
              setBusy("sessions");
              await send("DELETE", "/api/console/account/sessions").catch(() => {});
              toSignIn();
            }}
          >
            Sign out everywhere
          </Button>
        </CardBody>
      </Card>
    </div>
  );
}
