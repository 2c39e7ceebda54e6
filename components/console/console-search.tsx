"use client";
// The console's one search, in the top bar (⌘K / Ctrl-K; the dialog is
// components/ui/search-dialog.tsx, as the docs'): an id the portal issues, a
// reference or a phone number → the page of that thing in any of the user's
// apps and throwaway sandboxes (app/api/console/search, lib/activity/search.ts).
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { errorText } from "@/components/ui/error-text";
import { SearchDialog } from "@/components/ui/search-dialog";
import type { HitKind, SearchHit } from "@/lib/activity/search";
import { fetcher, qs } from "./api";
import type { Json } from "./hooks";

type Hit = Json<SearchHit>;

const KIND_STYLE: Record<HitKind, string> = {
  app: "bg-indigo-50 text-indigo-800", request: "bg-sky-50 text-sky-800", resource: "bg-emerald-50 text-emerald-800",
  callback: "bg-violet-50 text-violet-800", "inbox entry": "bg-amber-50 text-amber-900", "key pair": "bg-slate-100 text-slate-700",
  "receiver check": "bg-amber-50 text-amber-900", account: "bg-slate-100 text-slate-700",
};

/** The text once it has not changed for `ms`: one lookup per pause in typing, not one per key. */
function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function Result({ hit }: { hit: Hit }) {
  return (
    <>
      <span className={`mt-0.5 w-[6.5rem] shrink-0 rounded px-1.5 py-0.5 text-center whitespace-nowrap text-[10px] font-semibold tracking-wide uppercase ${KIND_STYLE[hit.kind]}`}>{hit.kind}</span>
      <span className="min-w-0 flex-1">
        <span className={`block truncate text-sm font-medium text-slate-900 ${hit.title === hit.id ? "font-mono text-[13px]" : ""}`}>{hit.title}</span>
        <span className="block truncate text-xs text-slate-600">{hit.detail}</span>
        {hit.app && (
          <span className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
            <span className="truncate">{hit.app.name}</span>
            {hit.app.sandbox && <span className="shrink-0 rounded bg-amber-50 px-1 text-[10px] font-medium text-amber-800 ring-1 ring-amber-600/20">sandbox</span>}
          </span>
        )}
      </span>
    </>
  );
}

export function ConsoleSearch() {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const term = useSettled(query.trim(), 150);
  const ready = term.length >= 2 && term === query.trim();
  const { data, error, isLoading } = useSWR<{ results: Hit[] }>(term.length >= 2 ? `/api/console/search${qs({ q: term })}` : null, fetcher);
  const results = ready && data ? data.results : [];

  const status = query.trim().length < 2
    ? <>Paste an id (<code className="font-mono text-xs">req_</code>, <code className="font-mono text-xs">chk_</code>, <code className="font-mono text-xs">pay_</code>, <code className="font-mono text-xs">dlv_</code>, <code className="font-mono text-xs">app_</code>…), a reference or a phone number.</>
    : error && ready ? errorText(error)
    : !ready || isLoading ? "Searching your apps…"
    : !results.length ? <>Nothing in your apps or sandboxes matches <q className="font-medium text-slate-900">{term}</q>.</>
    : null;

  return (
    <SearchDialog id="console-search" title="Search the console" button="Search…" inputLabel="Search by id, reference or phone number"
      placeholder="An id, a reference or a phone number" query={query} onQuery={setQuery} results={results} status={status}
      keyOf={(h) => h.href} render={(h) => <Result hit={h} />} onPick={(h) => router.push(h.href)} buttonClassName="shrink-0 sm:w-40 xl:w-56" />
  );
}
