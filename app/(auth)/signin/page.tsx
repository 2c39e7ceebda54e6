import type { Metadata } from "next";
import Link from "next/link";
import { safeNext } from "@/lib/auth/next-path";
import { signInAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNext((await searchParams).next) ?? undefined;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Sign in to the console</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Manage your sandbox apps, keys and callbacks.</p>
      <AuthForm action={signInAction} submit="Sign in" next={next} />
      <p className="mt-6 text-center text-sm text-slate-500">
        No account yet? <Link href={next ? `/signup?next=${encodeURIComponent(next)}` : "/signup"} className="font-medium text-indigo-700 hover:underline">Create one</Link>
      </p>
    </>
  );
}
