"use client";
import { useEffect, useState } from "react";
import type { Sample } from "@/lib/docs/code-samples";
import { Snippet } from "./snippet";

/** A tab's name: the sample's title without its note in brackets ("Python (requests)" → "Python"). */
const short = (title: string) => title.replace(/\s*\(.*\)$/, "");

/** Code samples, one language shown at a time (the choice is remembered for the visit); `compact`: short tab names, for a narrow column. */
export function CodeTabs({ label, samples, compact }: { label: string; samples: Sample[]; compact?: boolean }) {
  const [lang, setLang] = useState(samples[0]!.lang);
  useEffect(() => {
    const saved = sessionStorage.getItem("docs-lang");
    if (saved) setLang(saved);
  }, []);
  const current = samples.find((s) => s.lang === lang) ?? samples[0]!;
  return (
    <div className="my-4">
      <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {samples.map((s) => (
          <button
            key={s.lang}
            type="button"
            aria-pressed={s.lang === current.lang}
            aria-label={compact ? s.title : undefined}
            onClick={() => { setLang(s.lang); sessionStorage.setItem("docs-lang", s.lang); }}
            className={`rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${s.lang === current.lang ? "bg-white text-slate-900 shadow-xs" : "text-slate-700 hover:text-slate-900"}`}
          >
            {compact ? short(s.title) : s.title}
          </button>
        ))}
      </div>
      <Snippet title={current.title} code={current.code} lang={current.lang} />
    </div>
  );
}
