import type { Operation } from "@/lib/catalog";
import { scenarioAnchor } from "@/lib/docs/anchors";
import { scenarioTriggerText } from "@/lib/docs/triggers";
import { ScenarioPick } from "./chosen-scenario";
import { DataTable } from "./data-table";

const seconds = (ms?: number) => (ms === undefined ? "none" : `${(ms / 1000).toFixed(1)} s`);
const resultCode = (outcome: unknown) => (outcome as { resultCode?: number }).resultCode;

/** One row per scenario (anchor `scenario-<key>`); a key's button shows that scenario in the side panel. */
export function ScenarioTable({ op }: { op: Operation }) {
  return (
    <DataTable
      label="Scenarios"
      head={["Key", "Trigger", "Status", "Response delay", "Callback after", "Outcome"]}
      rowIds={op.scenarios.map(scenarioAnchor)}
      rows={op.scenarios.map((s) => [
        <ScenarioPick key="k" scenarioKey={s.key} label={`${s.key}${s.default ? " (default)" : ""}`} />,
        <span key="t" className="font-mono text-xs">{scenarioTriggerText(s)}</span>,
        <span key="s" className="font-mono text-xs">{s.status}</span>,
        <span key="d" className="text-xs whitespace-nowrap">{s.delayMs} ms</span>,
        <span key="c" className="text-xs whitespace-nowrap">{seconds(s.callbackDelayMs)}</span>,
        <span key="o" className="text-xs">
          {s.summary}
          {resultCode(s.outcome) !== undefined && <span className="mt-0.5 block font-mono text-slate-500">resultCode {resultCode(s.outcome)}</span>}
        </span>,
      ])}
    />
  );
}
