import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Email verified" };

/** Where a followed verification link lands (app/(auth)/verify-actions.ts). */
export default function EmailVerifiedPage() {
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Your email is verified</h1>
      <p role="status" className="mt-1 mb-6 text-sm text-slate-500">Your account can now make apps, keys and every other change.</p>
      <ButtonLink href="/apps" className="w-full">Go to your apps</ButtonLink>
    </>
  );
}
