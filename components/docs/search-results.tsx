// One result of the docs search (components/docs/search.tsx): its kind, title and text.
import type { SearchEntry } from "@/lib/docs/search-index";

const KIND_STYLE: Record<SearchEntry["kind"], string> = {
  guide: "bg-sky-50 text-sky-800", section: "bg-sky-50 text-sky-800", api: "bg-violet-50 text-violet-800",
  operation: "bg-emerald-50 text-emerald-800", endpoint: "bg-emerald-50 text-emerald-800", field: "bg-slate-100 text-slate-700",
  scenario: "bg-amber-50 text-amber-900", "result code": "bg-amber-50 text-amber-900", "error code": "bg-red-50 text-red-800",
};

export function SearchResult({ entry: r }: { entry: SearchEntry }) {
  return (
    <>
      <span className={`mt-0.5 w-24 shrink-0 rounded px-1.5 py-0.5 text-center whitespace-nowrap text-[10px] font-semibold tracking-wide uppercase ${KIND_STYLE[r.kind]}`}>{r.kind}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{r.title}</span>
        <span className="block truncate text-xs text-slate-600">{r.text}</span>
      </span>
    </>
  );
}
