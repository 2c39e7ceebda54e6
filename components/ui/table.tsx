"use client";
import { useRouter } from "next/navigation";
import { Button } from "./button";
import { cn } from "./cn";

/** `id`: on the scrolling region, which takes the keyboard (a panel that goes away may move it here). */
export function Table({ children, label, id }: { children: React.ReactNode; label: string; id?: string }) {
  return (
    <div id={id} role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">{children}</table>
    </div>
  );
}

/** `wide`: a column shown from 768 px up only, so that at phone width the columns that matter (status, actions) stay on screen. */
const WIDE = "hidden md:table-cell";

export function Th({ children, className, wide }: { children?: React.ReactNode; className?: string; wide?: boolean }) {
  return <th scope="col" className={cn("bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap sm:px-4", wide && WIDE, className)}>{children}</th>;
}

export function Td({ children, className, wide }: { children?: React.ReactNode; className?: string; wide?: boolean }) {
  return <td className={cn("px-3 py-2.5 align-middle whitespace-nowrap text-slate-700 sm:px-4", wide && WIDE, className)}>{children}</td>;
}

/**
 * A table row; with `href` the whole row opens it (the row keeps a real link
 * for the keyboard and screen readers; clicks on links and buttons inside keep
 * their own meaning, and so does selecting text).
 */
export function Tr({ children, className, href }: { children: React.ReactNode; className?: string; href?: string }) {
  const router = useRouter();
  const open = (e: React.MouseEvent<HTMLTableRowElement>) => {
    if (!href || (e.target as HTMLElement).closest("a,button,input,select,textarea,summary")) return;
    if (window.getSelection()?.toString()) return;
    if (e.metaKey || e.ctrlKey) window.open(href, "_blank");
    else router.push(href);
  };
  return (
    <tr onClick={href ? open : undefined} className={cn("border-t border-slate-100", href && "cursor-pointer hover:bg-slate-50", className)}>
      {children}
    </tr>
  );
}

/** The footer of a keyset-paged table: loads the next (older) page. */
export function LoadOlder({ show, onClick, busy }: { show: boolean; onClick: () => void; busy: boolean }) {
  if (!show) return null;
  return (
    <div className="border-t border-slate-100 p-3 text-center">
      <Button variant="secondary" onClick={onClick} busy={busy}>Load older</Button>
    </div>
  );
}
