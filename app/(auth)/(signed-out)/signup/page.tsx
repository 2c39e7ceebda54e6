import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { safeNext } from "@/lib/auth/next-path";
import { signUpAction } from "../../actions";
import { AuthForm } from "../../auth-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNext((await searchParams).next) ?? undefined;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Create your sandbox account</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Free. No card, no money moves.</p>
      <AuthForm action={signUpAction} submit="Create account" newPassword next={next} />
      <p className="mt-6 text-center text-sm text-slate-500">
        Already have an account? <Link href={next ? `/signin?next=${encodeURIComponent(next)}` : "/signin"} className="font-medium text-indigo-700 hover:underline">Sign in</Link>
      </p>
    </>
  );
}
