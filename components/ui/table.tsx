import { Button } from "./button";
import { cn } from "./cn";

export function Table({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div className="relative overflow-x-auto">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">{children}</table>
    </div>
  );
}

export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <th scope="col" className={cn("bg-slate-50 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap", className)}>{children}</th>;
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn("px-4 py-2.5 align-middle whitespace-nowrap text-slate-700", className)}>{children}</td>;
}

export function Tr({ children, className, onClick }: { children: React.ReactNode; className?: string; onClick?: () => void }) {
  return <tr onClick={onClick} className={cn("border-t border-slate-100", onClick && "cursor-pointer hover:bg-slate-50", className)}>{children}</tr>;
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
