"use client";
// The docs search: a box in the docs header that opens a dialog (also ⌘K /
// Ctrl-K; components/ui/search-dialog.tsx). The index (/docs/search.json,
// lib/docs/search-index.ts) is loaded on the first open and ranked here
// (lib/docs/search-match.ts).
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { SearchDialog } from "@/components/ui/search-dialog";
import type { SearchEntry } from "@/lib/docs/search-index";
import { rankEntries } from "@/lib/docs/search-match";
import { SearchResult } from "./search-results";

export function DocsSearch() {
  const router = useRouter();
  const [index, setIndex] = useState<SearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");

  // One load at a time: focus, hover and open all ask for it.
  const loading = useRef<Promise<void> | null>(null);
  function load() {
    if (index || loading.current) return;
    setFailed(false);
    loading.current = fetch("/docs/search.json")
      .then((r) => (r.ok ? (r.json() as Promise<SearchEntry[]>) : Promise.reject(new Error(String(r.status)))))
      .then(setIndex, () => setFailed(true))
      .finally(() => {
        loading.current = null;
      });
  }

  const results = useMemo(
    () => (query.trim() ? rankEntries(index ?? [], query) : (index ?? []).filter((e) => e.kind === "guide" || e.kind === "operation")),
    [index, query],
  );

  function go(entry: SearchEntry) {
    const to = new URL(entry.href, window.location.href);
    // An anchor on this page: the browser's own hash navigation (it scrolls and
    // fires hashchange, which e.g. chooses a scenario in the panel).
    if (to.pathname === window.location.pathname && to.search === window.location.search && to.hash) window.location.hash = to.hash;
    else router.push(entry.href);
  }

  const status = failed ? "The search index could not be loaded. Try again."
    : !index ? "Loading the index…"
    : !results.length && query.trim() ? <>No results for <q className="font-medium text-slate-900">{query.trim()}</q>.</>
    : null;

  return (
    <SearchDialog id="docs-search" title="Search the docs" button="Search the docs…" inputLabel="Search operations, fields, scenarios, result codes and error codes"
      placeholder="Search operations, fields, scenarios, codes…" query={query} onQuery={setQuery} results={results} status={status}
      heading={query.trim() ? undefined : "Guides and operations"} keyOf={(r) => `${r.kind}:${r.href}:${r.title}`}
      render={(r) => <SearchResult entry={r} />} onPick={go} onWarm={load} />
  );
}
