import type { Operation } from "@/lib/catalog";
import { scenarioTriggerText } from "@/lib/docs/triggers";
import { DataTable } from "./data-table";

const seconds = (ms?: number) => (ms === undefined ? "none" : `${(ms / 1000).toFixed(1)} s`);

export function ScenarioTable({ op }: { op: Operation }) {
  return (
    <DataTable
      label="Scenarios"
      head={["Key", "Trigger", "Status", "Response delay", "Callback after", "Outcome"]}
      rows={op.scenarios.map((s) => [
        <code key="k" className="font-mono text-xs whitespace-nowrap text-slate-900">{s.key}{s.default ? " (default)" : ""}</code>,
        <span key="t" className="font-mono text-xs">{scenarioTriggerText(s)}</span>,
        <span key="s" className="font-mono text-xs">{s.status}</span>,
        <span key="d" className="text-xs whitespace-nowrap">{s.delayMs} ms</span>,
        <span key="c" className="text-xs whitespace-nowrap">{seconds(s.callbackDelayMs)}</span>,
        <span key="o" className="text-xs">{s.summary}</span>,
      ])}
    />
  );
}
