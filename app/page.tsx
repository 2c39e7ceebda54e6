import Link from "@/components/ui/link";
import { TopNav } from "@/components/console/nav";
import { buttonClass } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

const features = [
  { title: "Scripted outcomes", text: "Pick paid, cancelled, insufficient funds or no answer with a magic amount, your own test numbers or the X-Svc-Scenario header; X-Svc-Time-Scale: 0 makes every delay instant." },
  { title: "Real, signed callbacks", text: "Callbacks reach your server over the network, signed with your app's secret; send any of them again from the console." },
  { title: "See every call", text: "A request log with headers and bodies, a callback history per app, and an inspector address when you have no server yet." },
];

export default async function Home() {
  const user = await currentUser();
  return (
    <>
      <TopNav user={user} />
      <main id="main" className="mx-auto max-w-5xl px-6 py-16 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">Developer sandbox</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">Build mobile-money payments before they move money</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-600">
          Collect a payment with a PIN prompt, pay out, check an identity, send an SMS — against a sandbox that answers
          with scripted outcomes and posts real, signed callbacks to your server.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {user ? (
            <Link href="/apps" className={buttonClass("primary")}>Go to your apps</Link>
          ) : (
            <>
              <Link href="/signup" className={buttonClass("primary")}>Create a free account</Link>
              <Link href="/signin" className={buttonClass("secondary")}>Sign in</Link>
            </>
          )}
          <Link href="/docs" className={buttonClass("ghost")}>Read the docs →</Link>
        </div>
        <ul className="mt-16 grid gap-4 sm:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
              <h2 className="font-semibold text-slate-900">{f.title}</h2>
              <p className="mt-1.5 text-sm text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
