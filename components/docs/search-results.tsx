"use client";
// The docs search dialog's result list (a listbox; the input owns the focus and points at the active option).
import { useEffect, useRef } from "react";
import type { SearchEntry } from "@/lib/docs/search-index";

const KIND_STYLE: Record<SearchEntry["kind"], string> = {
  guide: "bg-sky-50 text-sky-800", section: "bg-sky-50 text-sky-800", api: "bg-violet-50 text-violet-800",
  operation: "bg-emerald-50 text-emerald-800", endpoint: "bg-emerald-50 text-emerald-800", field: "bg-slate-100 text-slate-700",
  scenario: "bg-amber-50 text-amber-900", "result code": "bg-amber-50 text-amber-900", "error code": "bg-red-50 text-red-800",
};

type Props = {
  results: SearchEntry[];
  active: number;
  query: string;
  loading: boolean;
  failed: boolean;
  onHover: (i: number) => void;
  onPick: (i: number) => void;
};

export function SearchResults({ results, active, query, loading, failed, onHover, onPick }: Props) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector(`#docs-search-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  if (loading || failed || (!results.length && query.trim())) {
    return (
      <p id="docs-search-status" role="status" className="px-4 py-10 text-center text-sm text-slate-600">
        {failed ? "The search index could not be loaded. Try again." : loading ? "Loading the index…" : <>No results for <q className="font-medium text-slate-900">{query.trim()}</q>.</>}
      </p>
    );
  }
  return (
    <>
      {!query.trim() && <p className="px-4 pt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Guides and operations</p>}
      <div ref={list} id="docs-search-results" role="listbox" aria-label="Search results" className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
        {results.map((r, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users pick with the arrow keys and Enter in the combobox, which owns the focus.
          <div key={`${r.kind}:${r.href}:${r.title}`} id={`docs-search-${i}`} role="option" tabIndex={-1} aria-selected={i === active}
            onMouseMove={() => onHover(i)} onClick={() => onPick(i)}
            className={`flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 ${i === active ? "bg-slate-100" : ""}`}>
            <span className={`mt-0.5 w-24 shrink-0 rounded px-1.5 py-0.5 text-center whitespace-nowrap text-[10px] font-semibold tracking-wide uppercase ${KIND_STYLE[r.kind]}`}>{r.kind}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{r.title}</span>
              <span className="block truncate text-xs text-slate-600">{r.text}</span>
            </span>
            {i === active && <span aria-hidden className="mt-0.5 text-xs text-slate-500">↵</span>}
          </div>
        ))}
      </div>
    </>
  );
}
