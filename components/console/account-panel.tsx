"use client";
// Password change and "sign out everywhere": both end every session of the
// account (app/api/console/account/*), so afterwards the browser goes to sign-in.
// Deleting the account takes the teams only it is in with it, with their apps,
// as the server listed them (lib/services/teams.ts `teamsOnDeletion`).
import Link from "@/components/ui/link";
import { useState } from "react";
import { signOutAction } from "@/app/(auth)/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import type { TeamsOnDeletion } from "@/lib/services/teams";
import { send } from "./api";

/** To sign-in, which says why (app/(auth)/(signed-out)/signin/page.tsx DONE). */
const toSignIn = (done: "password" | "signed-out") => window.location.assign(`/signin?done=${done}`);

function ChangePassword() {
  const change = useFormAction(async (data: FormData) => {
    await send("POST", "/api/console/account/password", { current: data.get("current"), next: data.get("next") });
    toSignIn("password");
  }, ["current"]);
  return (
    <form className="grid max-w-md gap-4" {...change.form}>
      <Field label="Current password" error={change.fieldError("current")}>
        {(p) => <Input {...p} name="current" type="password" autoComplete="current-password" required />}
      </Field>
      {/* The new password is the form's main field: failures that name no other field show under it. */}
      <Field label="New password" hint="At least 8 characters; not a common password, not your email." error={change.error}>
        {(p) => <Input {...p} name="next" type="password" autoComplete="new-password" required minLength={8} />}
      </Field>
      <div>
        {/* Stays busy after success while the browser goes to sign-in. */}
        <Button type="submit" busy={change.pending || change.saved}>Change password</Button>
      </div>
    </form>
  );
}

/** A new email: mailed a link where verification is required (the old one stays until it is followed), else changed at once. */
function ChangeEmail() {
  const [result, setResult] = useState<{ email: string; pending: boolean } | null>(null);
  const change = useFormAction(async (data: FormData) => {
    const r = await send<{ email: string; pending: boolean }>("POST", "/api/console/account/email", { email: data.get("email"), password: data.get("password") });
    setResult(r);
    if (!r.pending) window.location.reload();
  }, ["email", "password"]);
  return (
    <form className="grid max-w-md gap-4" {...change.form}>
      <Field label="New email" error={change.fieldError("email") ?? change.error ?? undefined}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      {/* Not "Current password": that is the password form's field, and one label names one field on the page. */}
      <Field label="Password, to confirm it is you" error={change.fieldError("password")}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={change.pending}>Change email</Button>
        {result?.pending && <p role="status" className="text-sm break-words text-slate-700">We mailed a link to {result.email}. Your email stays as it is until you follow it.</p>}
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const signOut = useFormAction(async () => {
    // Signed out or not, the browser goes to sign-in (which sends a live session back to the console).
    await send("DELETE", "/api/console/account/sessions").catch(() => {});
    toSignIn("signed-out");
  });
  return (
    <Button variant="secondary" busy={signOut.pending || signOut.saved} onClick={() => void signOut.run()}>
      Sign out everywhere
    </Button>
  );
}

/** What goes with the account: each team only it is in, with its apps by name. */
function GoingTeams({ deleted }: { deleted: TeamsOnDeletion["deletedTeams"] }) {
  if (deleted.length === 0) return <p>No team goes with it: every team you are in has other members, and keeps its apps.</p>;
  return (
    <>
      <p>These teams have no other member and are deleted with it, with their apps: key pairs stop working at once, and request logs, callbacks and inboxes are deleted.</p>
      <ul aria-label="Deleted with the account" className="mt-2 list-disc space-y-1 pl-5">
        {deleted.map((t) => (
          <li key={t.teamId} className="break-words">
            <span className="font-medium text-slate-900">{t.name}</span>
            {t.apps.length === 0 ? " (no apps)" : `: ${t.apps.map((a) => a.name).join(", ")}`}
          </li>
        ))}
      </ul>
      <p className="mt-2">Teams with other members stay, with their apps. This cannot be undone.</p>
    </>
  );
}

function DeleteAccount({ deletion }: { deletion: TeamsOnDeletion }) {
  const [password, setPassword] = useState("");
  if (deletion.lastOwnerOf.length > 0) {
    return (
      <p className="max-w-sm text-sm text-slate-700">
        {`You are the only owner of ${deletion.lastOwnerOf.map((t) => t.name).join(", ")}, which ${deletion.lastOwnerOf.length === 1 ? "has" : "have"} other members: make one of them an owner on the team's Members page first.`}
        {deletion.lastOwnerOf.map((t) => (
          <Link key={t.teamId} href={`/teams/${t.teamId}`} className="mt-1 block truncate font-medium text-indigo-700 underline underline-offset-2">Members of {t.name}</Link>
        ))}
      </p>
    );
  }
  return (
    <ConfirmButton
      trigger="Delete account"
      title="Delete your account?"
      confirmLabel={deletion.deletedTeams.some((t) => t.apps.length) ? "Delete account, teams and apps" : "Delete account"}
      size="md"
      onConfirm={async () => {
        await send("DELETE", "/api/console/account", { password, teams: deletion.deletedTeams.map((t) => t.teamId) });
        await signOutAction();
      }}
    >
      <GoingTeams deleted={deletion.deletedTeams} />
      <label htmlFor="delete-password" className="mt-3 block text-sm font-medium text-slate-800">Your password</label>
      <input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
    </ConfirmButton>
  );
}

/** `twoStep`: the two-step sign-in card (two-step-panel.tsx), with the account's status read by the page. */
export function AccountPanel({ email, twoStep, deletion }: { email: string; twoStep?: React.ReactNode; deletion: TeamsOnDeletion }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mt-1 break-all text-sm text-slate-600">Signed in as <span className="font-medium text-slate-900">{email}</span>.</p>
        <p className="mt-1 text-sm"><Link href="/account/security" className="font-medium text-indigo-700 underline-offset-2 hover:underline">Security: sessions and recent activity</Link></p>
      </div>
      <Card>
        <CardHeader title="Change password" description="Every session of this account ends, this one too: sign in again with the new password." />
        <CardBody><ChangePassword /></CardBody>
      </Card>
      <Card>
        <CardHeader title="Email" description="Where sign-in, reset links and invitations go. On a hosted portal a new address is verified by a mailed link before it replaces this one." />
        <CardBody><ChangeEmail /></CardBody>
      </Card>
      {twoStep}
      <Card>
        <CardHeader title="Sessions" description={<>Signed in on another computer, or left a session open? End every session of this account, including copied session cookies; or see each one on the <Link href="/account/security" className="underline underline-offset-2">Security</Link> page.</>} />
        <CardBody><SignOutEverywhere /></CardBody>
      </Card>
      <Card className="border-red-200">
        <CardHeader title="Delete account" description="Deletes the account; teams with other members keep their apps, a team only you are in goes with it, with its apps." actions={<DeleteAccount deletion={deletion} />} />
      </Card>
    </div>
  );
}
