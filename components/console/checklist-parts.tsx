// The checklists' pieces (Go-live tab, overview's Get started): a tick that
// says done or not, and a labelled progress bar.
import { cn } from "@/components/ui/cn";

export function Tick({ done, label }: { done: boolean; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={cn("inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold", done ? "bg-emerald-600 text-white" : "border-2 border-slate-300 bg-white text-transparent")}
    >
      ✓
    </span>
  );
}

export function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-600">{done} of {total}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
