import { Badge, statusTone } from "@/components/ui/badge";
import type { Operation } from "@/lib/catalog";
import { scenarioAnchor } from "@/lib/docs/anchors";
import { scenarioTriggerText } from "@/lib/docs/triggers";
import { ScenarioPick } from "./chosen-scenario";

const seconds = (ms?: number) => (ms === undefined ? "no callback" : `callback after ${(ms / 1000).toFixed(1)} s`);
const resultCode = (outcome: unknown) => (outcome as { resultCode?: number }).resultCode;

/**
 * One row per scenario (anchor `scenario-<key>`): key, status, delays, what
 * happens, its trigger and resultCode. A key's button shows that scenario in the
 * side panel. A list, not a table, so that it reads in the reference's narrow column.
 */
export function ScenarioTable({ op }: { op: Operation }) {
  return (
    <ul aria-label="Scenarios" className="my-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {op.scenarios.map((s) => {
        const code = resultCode(s.outcome);
        return (
          <li key={s.key} id={scenarioAnchor(s)} className="scroll-mt-20 px-4 py-3 target:bg-amber-50 has-[[aria-pressed=true]]:bg-emerald-50/50">
            <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
              <ScenarioPick scenarioKey={s.key} label={s.key} />
              <Badge tone={statusTone(s.status)} className="font-mono">{s.status}</Badge>
              {s.default && <span className="text-xs font-medium text-slate-600">default</span>}
              <span className="ml-auto text-xs whitespace-nowrap text-slate-500">{s.delayMs} ms · {seconds(s.callbackDelayMs)}</span>
            </div>
            <p className="mt-1.5 text-sm leading-6 text-slate-700">{s.summary}</p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
              <span>Trigger <code className="font-mono text-slate-800">{scenarioTriggerText(s)}</code></span>
              {code !== undefined && <span>resultCode <code className="font-mono text-slate-800">{code}</code></span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
