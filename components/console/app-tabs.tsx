"use client";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const tabs = [
  { href: "", label: "Overview" },
  { href: "/keys", label: "Keys" },
  { href: "/subscriptions", label: "Subscriptions" },
  { href: "/callbacks", label: "Callbacks" },
  { href: "/requests", label: "Request log" },
  { href: "/inspector", label: "Inspector" },
  { href: "/handset", label: "Handset" },
  { href: "/testing", label: "Testing" },
  { href: "/go-live", label: "Go live" },
];

export function AppTabs({ appId }: { appId: string }) {
  const path = usePathname();
  const base = `/apps/${appId}`;
  return (
    <nav aria-label="App sections" className="border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-1">
        {tabs.map((t) => {
          const href = base + t.href;
          const active = t.href === "" ? path === base : path === href || path.startsWith(`${href}/`);
          return (
            <li key={t.label}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-2.5 py-2 text-sm font-medium whitespace-nowrap sm:px-3 sm:py-2.5",
                  active ? "border-slate-900 text-slate-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
