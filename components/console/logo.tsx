/** `compact`: the mark alone on phones (the top bar needs the room). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900">
      <span className="flex size-7 items-center justify-center rounded-md bg-slate-900 text-xs font-bold text-white" aria-hidden>S</span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Svc Sandbox</span>
    </span>
  );
}
