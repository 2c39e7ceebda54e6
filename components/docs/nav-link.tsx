"use client";
// A docs sidebar link that shows where the reader is: the current page's link
// is marked (aria-current="page") and tinted.
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export function NavLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  const here = usePathname() === href;
  return (
    <Link
      href={href}
      aria-current={here ? "page" : undefined}
      className={`${className} ${here ? "bg-emerald-50 font-medium text-emerald-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
    >
      {children}
    </Link>
  );
}
