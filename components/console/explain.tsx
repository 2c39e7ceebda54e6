"use client";
// An error code or resultCode in a body, explained where it appears.
import Link from "@/components/ui/link";
import { createContext, useContext } from "react";
import type { Explanation, Explanations } from "@/lib/docs/explain";

const Ctx = createContext<Explanations>({ errors: {}, resultCodes: {} });

/** Set once per page by its server component (the table is built from the docs and the catalog). */
export const ExplanationsProvider = ({ value, children }: { value: Explanations; children: React.ReactNode }) => <Ctx.Provider value={value}>{children}</Ctx.Provider>;

export const useExplanations = () => useContext(Ctx);

/** The codes found in a JSON body (`error`, `resultCode`), each with its meaning, what to do and a docs link; `about` names whose codes they are. */
export function Explain({ body, about }: { body: unknown; about?: string }) {
  const x = useExplanations();
  const b = (body && typeof body === "object" ? body : {}) as { error?: unknown; resultCode?: unknown };
  const found: { label: string; e: Explanation }[] = [];
  if (typeof b.error === "string" && x.errors[b.error]) found.push({ label: b.error, e: x.errors[b.error]! });
  if (typeof b.resultCode === "number" && x.resultCodes[b.resultCode]) found.push({ label: `resultCode ${b.resultCode}`, e: x.resultCodes[b.resultCode]! });
  if (!found.length) return null;
  return (
    <div role="group" className="space-y-2" aria-label={about ?? "What this means"}>
      {about && <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{about}</p>}
      {found.map(({ label, e }) => (
        <div key={label} className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p><code className="font-mono font-semibold">{label}</code>: {e.meaning}</p>
          <p className="mt-0.5"><span className="font-medium">What to do:</span> {e.todo} <Link href={e.href} className="font-medium text-indigo-800 underline">Docs</Link></p>
        </div>
      ))}
    </div>
  );
}

/** A code in a table cell, with its meaning on hover. */
export function CodeWithMeaning({ code }: { code: string | null }) {
  const x = useExplanations();
  if (!code) return <span className="text-slate-500">—</span>;
  return <abbr title={x.errors[code]?.meaning ?? code} className="font-mono text-xs no-underline">{code}</abbr>;
}
