import Link from "@/components/ui/link";
import { Logo } from "@/components/console/logo";

/** The frame of the pages before the console: sign-in, sign-up and recovery ((signed-out)/layout.tsx sends the signed-in on). */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link href="/" className="mb-8"><Logo /></Link>
      <main id="main" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</main>
      <p className="mt-6 text-sm text-slate-500">
        New here? Read the <Link href="/docs" className="font-medium text-slate-700 underline-offset-2 hover:underline">docs</Link> first.
      </p>
    </div>
  );
}
