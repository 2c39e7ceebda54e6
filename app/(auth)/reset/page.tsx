import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/session";
import { resetLinkEmail } from "@/lib/services/recovery";
import { ResetForm } from "../recovery-forms";

/** An address kept whole on its line where it fits (a hyphen in it is no place to break). */
const Email = ({ value }: { value: string }) => <span className="inline-block max-w-full font-medium break-all">{value}</span>;

export const metadata: Metadata = { title: "Choose a new password" };

/**
 * Reading the page leaves the link as it is (mail scanners open links); only the form's post uses it up.
 * Opened while signed in, the page is shown all the same, saying who is signed in and what the link does.
 */
export default async function ResetPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const token = String((await searchParams).token ?? "");
  const [email, user] = await Promise.all([resetLinkEmail(token), currentUser()]);
  if (!email) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight">This link no longer works</h1>
        <p className="mt-1 mb-6 text-sm text-slate-500">A reset link works once, within an hour of being sent. Ask for a new one.</p>
        <ButtonLink href="/forgot" className="w-full">Send a new link</ButtonLink>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Choose a new password</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">For <span className="font-medium text-slate-700">{email}</span>.</p>
      {user && (
        <p role="note" className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {user.email === email
            ? <>You are signed in as <Email value={user.email} />: a new password signs you out everywhere, here too.</>
            : <>You are signed in as <Email value={user.email} />. This link sets the password of <Email value={email} />; you stay signed in.</>}
        </p>
      )}
      <ResetForm token={token} email={email} />
    </>
  );
}
