"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";

/** Filters kept in the page's query string, so Back and shared links keep them. */
export function useQueryFilters<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as Record<K, string | undefined>;
  // The query as last asked for: two quick changes must not undo each other
  // while the first navigation is still on its way.
  const latest = useRef(params.toString());
  useEffect(() => {
    latest.current = params.toString();
  }, [params]);
  const set = (k: K, v: string | undefined) => {
    const next = new URLSearchParams(latest.current);
    if (v) next.set(k, v);
    else next.delete(k);
    const s = next.toString();
    latest.current = s;
    router.replace(s ? `${path}?${s}` : path, { scroll: false });
  };
  return { values, set, query: params.toString() };
}

/** A row of toggle buttons, one chosen; an option's `count` (e.g. how many rows it would show) is drawn beside its label. */
export function Segmented({ label, options, value, onChange }: { label: string; options: { value: string | undefined; label: string; count?: number | null }[]; value: string | undefined; onChange: (v: string | undefined) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {options.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(o.value)}
            className={cn(
              "rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
              active ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {o.label}
            {o.count != null && <> <span className={cn("ml-0.5 tabular-nums", active ? "text-slate-500" : "font-normal text-slate-600")}>{o.count}</span></>}
          </button>
        );
      })}
    </div>
  );
}
