import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { verificationLinkEmail } from "@/lib/services/verification";
import { VerifyForm } from "./verify-form";

export const metadata: Metadata = { title: "Verify your email" };

/** Reading the page leaves the link as it is (mail scanners open links); only the form's post uses it up. */
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  // Next decodes route params already: a second decode would throw on "%E0" (a 500); the token rule refuses what is not a token.
  const token = (await params).token ?? "";
  const email = await verificationLinkEmail(token);
  if (!email) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight">This link no longer works</h1>
        <p className="mt-1 mb-6 text-sm text-slate-500">
          A verification link works once, within a day of being sent. Sign in and send a new one from the banner at the top of the console.
        </p>
        <ButtonLink href="/apps" className="w-full">Go to the console</ButtonLink>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Verify your email</h1>
      <p className="mt-1 mb-6 text-sm break-words text-slate-500">
        Confirm that <span className="font-medium text-slate-700">{email}</span> is yours.
      </p>
      <VerifyForm token={token} />
    </>
  );
}
