import { codeLanguage } from "@/lib/docs/code-language";

/** Pretty JSON (or text as it came) in a scrollable block; `raw`: a string exactly as it is (bytes that were signed). */
export function CodeBlock({ value, label, raw }: { value: unknown; label: string; raw?: boolean }) {
  const text = typeof value === "string" ? (raw ? value : prettyIfJson(value)) : JSON.stringify(value, null, 2);
  return (
    <pre role="group" aria-label={label} data-lang={codeLanguage(text)} className="scheme-fixed max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]">
      {text === "" ? <span className="text-slate-400">(empty)</span> : text}
    </pre>
  );
}

export function prettyIfJson(s: string): string {
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s;
  }
}

/** Header names and values as a definition list. */
export function HeaderList({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (!entries.length) return <p className="text-sm text-slate-500">No headers.</p>;
  return (
    <dl className="@container divide-y divide-slate-100 rounded-md border border-slate-200 font-mono text-xs">
      {entries.map(([k, v]) => (
        <div key={k} className="grid grid-cols-1 gap-1 px-3 py-1.5 @lg:grid-cols-[14rem_1fr]">
          <dt className="text-slate-500">{k}</dt>
          <dd className="wrap-anywhere text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
