import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Svc Sandbox — mobile-money payments sandbox", template: "%s · Svc Sandbox" },
  description: "Keys, a scripted sandbox with real callbacks, a request log and docs for the Collect, Payouts, Identity Check and SMS APIs.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        {/* Every page's <main> has id="main" (e2e/a11y-landmarks.ui.spec.ts checks each kind of page). */}
        <a href="#main" className="sr-only z-50 rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
