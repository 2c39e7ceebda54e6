import type { Metadata } from "next";
import Link from "next/link";
import { signUpAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Create your sandbox account</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Free. No card, no money moves.</p>
      <AuthForm action={signUpAction} submit="Create account" newPassword />
      <p className="mt-6 text-center text-sm text-slate-500">
        Already have an account? <Link href="/signin" className="font-medium text-indigo-700 hover:underline">Sign in</Link>
      </p>
    </>
  );
}
