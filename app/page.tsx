import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Developer sandbox</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Build mobile-money payments before they move money</h1>
      <p className="mt-4 text-lg text-slate-600">
        Collect a payment with a PIN prompt, pay out, check an identity, send an SMS — against a sandbox that answers
        with scripted outcomes and posts real, signed callbacks to your server.
      </p>
      <div className="mt-8 flex gap-3">
        <Link href="/signin" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">Sign in</Link>
        <Link href="/docs" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">Read the docs</Link>
      </div>
    </main>
  );
}
