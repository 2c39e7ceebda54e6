import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Logo } from "@/components/console/logo";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/** Any unknown address (/nope, /docs/collect/nope): the portal's 404, with ways back. */
export default function NotFound() {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 py-12 text-center">
      <Link href="/" className="mb-8"><Logo /></Link>
      <p className="text-sm font-semibold text-slate-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">There is nothing at this address. It may have moved, or the link has a typo.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/docs">API reference</ButtonLink>
        <ButtonLink href="/apps" variant="secondary">Console</ButtonLink>
        <ButtonLink href="/" variant="secondary">Home</ButtonLink>
      </div>
    </main>
  );
}
