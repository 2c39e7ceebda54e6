import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Svc Sandbox — mobile-money payments sandbox", template: "%s · Svc Sandbox" },
  description: "Keys, a scripted sandbox with real callbacks, a request log and docs for the Collect, Payouts, Identity Check and SMS APIs.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
