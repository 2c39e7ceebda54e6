"use client";
// The operation page's side panel (sticky on wide screens): the chosen
// scenario's request in each language, its answer and callback, then the
// try-it form (passed as children). Data from lib/docs/panel.ts.
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code";
import type { PanelScenario } from "@/lib/docs/panel";
import { useChosenScenario } from "./chosen-scenario";
import { CodeTabs } from "./code-tabs";

const heading = "text-xs font-semibold tracking-wide text-slate-500 uppercase";

export function ReferencePanel({ entries, note, children }: { entries: PanelScenario[]; note?: React.ReactNode; children: React.ReactNode }) {
  const chosen = useChosenScenario();
  const current = entries.find((e) => e.key === (chosen?.scenario ?? "")) ?? entries[0]!;


  return (
    <div className="space-y-5 lg:max-h-[calc(100vh-5.5rem)] lg:overflow-y-auto lg:overscroll-contain lg:pr-1">
      <div className="sticky top-0 z-10 flex items-end gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-xs">
        <div className="min-w-0 flex-1">
          <label htmlFor="panel-scenario" className="mb-1 block text-xs font-medium text-slate-600">Scenario</label>
          <select id="panel-scenario" value={current.key} onChange={(e) => chosen?.choose(e.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-900 focus:border-slate-500 focus:outline-none">
            {entries.map((e) => <option key={e.key} value={e.key}>{e.label}</option>)}
          </select>
        </div>
        <Button onClick={() => void chosen?.send.current?.()} aria-describedby="panel-try-hint">Try it</Button>
        <span id="panel-try-hint" className="sr-only">Sends the try-it form below with the chosen scenario: as your app when signed in, else a preview without keys.</span>
      </div>

      <section aria-label="Request sample" data-testid="panel-request">
        <p className={heading}>Request</p>
        <CodeTabs label="Sample language" samples={current.samples} compact />
        {note}
      </section>

      <section id="panel-response" aria-label="Response sample" data-testid="panel-response">
        <div className="mb-2 flex items-center gap-2">
          <p className={heading}>Response</p>
          <Badge tone={statusTone(current.response.status)} className="font-mono">{current.response.status}</Badge>
          <code className="truncate font-mono text-xs text-slate-600">{current.key || "no header"}</code>
          <span className="ml-auto text-xs whitespace-nowrap text-slate-500">after {current.response.delayMs} ms</span>
        </div>
        <CodeBlock value={current.response.body} label="Sample response body" />
        {current.callback ? (
          <details className="mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
            <summary className="cursor-pointer text-sm text-slate-700">Callback after {(current.callback.delayMs / 1000).toFixed(1)} s</summary>
            <div className="mt-2"><CodeBlock value={current.callback.body} label="Sample callback body" /></div>
          </details>
        ) : (
          <p className="mt-2 text-xs text-slate-500">No callback follows this answer.</p>
        )}
      </section>

      {children}
    </div>
  );
}
