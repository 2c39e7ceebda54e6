"use client";
// The docs search: a box in the docs header that opens a dialog (also ⌘K /
// Ctrl-K). The index (/docs/search.json, lib/docs/search-index.ts) is loaded
// on the first open and ranked here (lib/docs/search-match.ts). Arrow keys
// move through the results, Enter opens one, Escape closes.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { SearchEntry } from "@/lib/docs/search-index";
import { rankEntries } from "@/lib/docs/search-match";
import { SearchResults } from "./search-results";

export function DocsSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const router = useRouter();
  const [index, setIndex] = useState<SearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [mac, setMac] = useState(false);

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

  function open() {
    if (!dialog.current?.open) dialog.current?.showModal();
    load();
  }

  // ⌘K / Ctrl-K presses the search box.
  useEffect(() => {
    setMac(/mac|iphone|ipad/i.test(navigator.userAgent));
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        trigger.current?.click();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const results = useMemo(
    () => (query.trim() ? rankEntries(index ?? [], query) : (index ?? []).filter((e) => e.kind === "guide" || e.kind === "operation")),
    [index, query],
  );

  function go(entry: SearchEntry | undefined) {
    if (!entry) return;
    dialog.current?.close();
    const to = new URL(entry.href, window.location.href);
    // An anchor on this page: the browser's own hash navigation (it scrolls and
    // fires hashchange, which e.g. chooses a scenario in the panel).
    if (to.pathname === window.location.pathname && to.search === window.location.search && to.hash) window.location.hash = to.hash;
    else router.push(entry.href);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (results.length ? (a + step + results.length) % results.length : 0));
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      go(results[active]);
    }
  }

  return (
    <>
      <button ref={trigger} type="button" onClick={open} onFocus={load} onMouseEnter={load}
        className="flex h-9 min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-2.5 text-sm text-slate-600 shadow-xs hover:border-slate-400 hover:bg-white focus-visible:outline-2 focus-visible:outline-indigo-600 sm:w-72">
        <MagnifierIcon />
        <span className="hidden sm:inline">Search the docs…</span>
        <span className="sr-only sm:hidden">Search the docs</span>
        <kbd className="ml-auto hidden rounded border border-slate-300 bg-white px-1.5 font-sans text-[11px] text-slate-600 sm:inline">{mac ? "⌘K" : "Ctrl K"}</kbd>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes, as Escape does natively. */}
      <dialog ref={dialog} aria-labelledby="docs-search-title" onClose={() => { setQuery(""); setActive(0); }}
        onClick={(e) => { if (e.target === dialog.current) dialog.current?.close(); }}
        className="mx-auto mt-[8vh] w-[min(42rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]">
        <h2 id="docs-search-title" className="sr-only">Search the docs</h2>
        <div className="flex items-center gap-3 border-b border-slate-200 px-4">
          <MagnifierIcon />
          <label htmlFor="docs-search-input" className="sr-only">Search operations, fields, scenarios, result codes and error codes</label>
          <input id="docs-search-input" role="combobox" aria-expanded={results.length > 0} aria-controls={results.length ? "docs-search-results" : "docs-search-status"} aria-autocomplete="list"
            aria-activedescendant={results[active] ? `docs-search-${active}` : undefined} autoComplete="off" spellCheck={false}
            value={query} onChange={(e) => { setQuery(e.target.value); setActive(0); }} onKeyDown={onKeyDown}
            placeholder="Search operations, fields, scenarios, codes…" className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none" />
          <button type="button" onClick={() => dialog.current?.close()} className="rounded border border-slate-300 px-1.5 py-0.5 text-[11px] text-slate-600 hover:bg-slate-50">Esc<span className="sr-only"> (close)</span></button>
        </div>
        <SearchResults results={results} active={active} query={query} loading={!index && !failed} failed={failed}
          onHover={setActive} onPick={(i) => go(results[i])} />
        <p className="flex gap-4 border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-600">
          <span><kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move</span><span><kbd className="font-sans">Enter</kbd> to open</span><span><kbd className="font-sans">Esc</kbd> to close</span>
        </p>
      </dialog>
    </>
  );
}

function MagnifierIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4 shrink-0 text-slate-500">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4 4" strokeLinecap="round" />
    </svg>
  );
}
