"use client";
// A search in a dialog, opened by its button in a header or by ⌘K / Ctrl-K: a
// combobox over a listbox of results (the input keeps the focus and points at
// the active option). Arrow keys move, Enter opens, Escape or a click on the
// backdrop closes, and the focus goes back to where it was. The docs' search
// (components/docs/search.tsx) and the console's
// (components/console/console-search.tsx) bring their results and how each looks.
import { useEffect, useRef, useState, type ReactNode } from "react";

type Props<T> = {
  /** Prefix of the elements' ids ("docs-search"). */
  id: string;
  /** The dialog's name; the button's too on a phone. */
  title: string;
  /** What the button says from 640 px ("Search the docs…"). */
  button: string;
  /** The input's label, for screen readers. */
  inputLabel: string;
  placeholder: string;
  query: string;
  onQuery: (q: string) => void;
  results: T[];
  /** Said instead of the list (loading, nothing found, a failure); null: the list. */
  status: ReactNode | null;
  /** Above the list (e.g. what an empty query shows). */
  heading?: string;
  keyOf: (r: T) => string;
  render: (r: T) => ReactNode;
  onPick: (r: T) => void;
  /** The button was focused or hovered, or the dialog opened: time to load what the search needs. */
  onWarm?: () => void;
  /** The button's width from 640 px. */
  buttonClassName?: string;
};

export function SearchDialog<T>(p: Props<T>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [active, setActive] = useState(0);
  const [mac, setMac] = useState(false);
  const { id, results, onWarm } = p;
  const current = Math.min(active, Math.max(results.length - 1, 0));

  function open() {
    if (!dialog.current?.open) {
      p.onQuery("");
      setActive(0);
      returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : trigger.current;
      dialog.current?.showModal();
    }
    onWarm?.();
  }

  // ⌘K / Ctrl-K presses the button.
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

  useEffect(() => {
    list.current?.querySelector(`#${id}-${current}`)?.scrollIntoView({ block: "nearest" });
  }, [id, current]);

  function pick(r: T | undefined) {
    if (r === undefined) return;
    dialog.current?.close();
    p.onPick(r);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(results.length ? (current + step + results.length) % results.length : 0);
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      pick(results[current]);
    }
  }

  const showList = p.status === null && results.length > 0;
  return (
    <>
      <button ref={trigger} type="button" aria-keyshortcuts="Control+K Meta+K" onClick={open} onFocus={onWarm} onMouseEnter={onWarm}
        className={`flex h-9 min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-2.5 text-sm text-slate-600 shadow-xs hover:border-slate-400 hover:bg-white focus-visible:outline-2 focus-visible:outline-indigo-600 ${p.buttonClassName ?? "sm:w-72"}`}>
        <MagnifierIcon />
        <span className="hidden truncate sm:inline">{p.button}</span>
        <span className="sr-only sm:hidden">{p.title}</span>
        <kbd className="ml-auto hidden shrink-0 rounded border whitespace-nowrap border-slate-300 bg-white px-1.5 font-sans text-[11px] text-slate-600 sm:inline">{mac ? "⌘K" : "Ctrl K"}</kbd>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes, as Escape does natively. */}
      <dialog ref={dialog} aria-labelledby={`${id}-title`}
        onClose={() => {
          // The close event comes a moment after the dialog closed: when ⌘K opened it again meanwhile, this one is stale.
          if (dialog.current?.open) return;
          p.onQuery("");
          setActive(0);
          returnTo.current?.focus();
        }}
        onClick={(e) => { if (e.target === dialog.current) dialog.current?.close(); }}
        className="mx-auto mt-[8vh] w-[min(42rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]">
        <h2 id={`${id}-title`} className="sr-only">{p.title}</h2>
        <div className="flex items-center gap-3 border-b border-slate-200 px-4">
          <MagnifierIcon />
          <label htmlFor={`${id}-input`} className="sr-only">{p.inputLabel}</label>
          <input id={`${id}-input`} role="combobox" aria-expanded={showList} aria-controls={showList ? `${id}-results` : `${id}-status`} aria-autocomplete="list"
            aria-activedescendant={showList ? `${id}-${current}` : undefined} autoComplete="off" spellCheck={false}
            value={p.query} onChange={(e) => { p.onQuery(e.target.value); setActive(0); }} onKeyDown={onKeyDown}
            placeholder={p.placeholder} className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none" />
          <button type="button" onClick={() => dialog.current?.close()} className="rounded border border-slate-300 px-1.5 py-0.5 text-[11px] text-slate-600 hover:bg-slate-50">Esc<span className="sr-only"> (close)</span></button>
        </div>
        {showList ? (
          <>
            {p.heading && <p className="px-4 pt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{p.heading}</p>}
            <div ref={list} id={`${id}-results`} role="listbox" aria-label="Search results" className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
              {results.map((r, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users pick with the arrow keys and Enter in the combobox, which owns the focus.
                <div key={p.keyOf(r)} id={`${id}-${i}`} role="option" tabIndex={-1} aria-selected={i === current}
                  onMouseMove={() => setActive(i)} onClick={() => pick(r)}
                  className={`flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 ${i === current ? "bg-slate-100" : ""}`}>
                  {p.render(r)}
                  {i === current && <span aria-hidden className="mt-0.5 text-xs text-slate-500">↵</span>}
                </div>
              ))}
            </div>
          </>
        ) : (
          <div id={`${id}-status`} role="status" className="px-4 py-10 text-center text-sm text-slate-600">{p.status}</div>
        )}
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
