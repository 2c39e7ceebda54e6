import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { DocsSearch } from "@/components/docs/search";
import { Sidebar } from "@/components/docs/sidebar";
import { Toc } from "@/components/docs/toc";

export const metadata: Metadata = { title: { default: "API reference", template: "%s · Svc Sandbox docs" } };

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 flex h-14 items-center gap-4 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
        <Link href="/" className="font-semibold tracking-tight text-slate-900">Svc Sandbox</Link>
        <span className="text-slate-500" aria-hidden>/</span>
        <Link href="/docs" className="text-sm font-medium text-slate-700 hover:text-slate-900"><span className="sm:hidden">Docs</span><span className="hidden sm:inline">API reference</span></Link>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:ml-6 lg:ml-10"><DocsSearch /></div>
        <Link href="/apps" className="sm:ml-auto rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">Console →</Link>
      </header>
      <div className="lg:flex">
        <Sidebar />
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8 xl:px-10">
          {/* Operation pages (data-reference) take the width for their side panel; other pages get "On this page". */}
          <div className="mx-auto flex max-w-6xl justify-center gap-10 has-[[data-reference]]:max-w-[84rem]">
            <div className="min-w-0 max-w-4xl flex-1 has-[[data-reference]]:max-w-none">
              <Toc variant="top" />
              {children}
            </div>
            <Toc variant="side" />
          </div>
        </main>
      </div>
    </div>
  );
}
