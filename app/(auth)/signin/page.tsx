import type { Metadata } from "next";
import Link from "next/link";
import { signInAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Sign in to the console</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Manage your sandbox apps, keys and callbacks.</p>
      <AuthForm action={signInAction} submit="Sign in" next={typeof next === "string" ? next : undefined} />
      <p className="mt-6 text-center text-sm text-slate-500">
        No account yet? <Link href="/signup" className="font-medium text-indigo-700 hover:underline">Create one</Link>
      </p>
    </>
  );
}
