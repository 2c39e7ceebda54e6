import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ForgotForm } from "../../recovery-forms";

export const metadata: Metadata = { title: "Reset your password" };

export default function ForgotPage() {
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Reset your password</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Enter your account&apos;s email. We will mail you a link to choose a new password.</p>
      <ForgotForm />
      <p className="mt-6 text-center text-sm text-slate-500">
        Remembered it? <Link href="/signin" className="font-medium text-indigo-700 hover:underline">Sign in</Link>
      </p>
    </>
  );
}
