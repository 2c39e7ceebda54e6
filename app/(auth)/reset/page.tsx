import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { resetLinkEmail } from "@/lib/services/recovery";
import { ResetForm } from "../recovery-forms";

export const metadata: Metadata = { title: "Choose a new password" };

/** Reading the page leaves the link as it is (mail scanners open links); only the form's post uses it up. */
export default async function ResetPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const token = String((await searchParams).token ?? "");
  const email = await resetLinkEmail(token);
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
      <ResetForm token={token} email={email} />
    </>
  );
}
