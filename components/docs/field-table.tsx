import type { FieldRow } from "@/lib/docs/fields";
import { DataTable } from "./data-table";

const required = (r: FieldRow, [yes, no] = ["yes", "no"]) =>
  r.required ? <span className="text-xs font-medium text-slate-900">{r.when ? `${yes}, when ${r.when.field} is ${r.when.value}` : yes}</span> : <span className="text-xs text-slate-500">{no}</span>;

function Notes({ r }: { r: FieldRow }) {
  return (
    <span className="text-xs">
      {r.constraints.length > 0 && <span className="block font-mono break-words text-slate-600">{r.constraints.join("; ")}</span>}
      {r.description && <span className="block text-slate-600">{r.description}</span>}
    </span>
  );
}

/** A table where there is room (its container at least 36rem); a stacked list in narrow columns and on phones. */
export function FieldTable({ rows, label }: { rows: FieldRow[]; label: string }) {
  if (!rows.length) return <p className="text-sm text-slate-500">No fields.</p>;
  return (
    <div className="@container">
      <div className="hidden @xl:block">
        <DataTable
          label={label}
          head={["Field", "Type", "Required", "Rules and notes"]}
          rows={rows.map((r) => [
            <code key="n" className="font-mono text-xs whitespace-nowrap text-slate-900">{r.name}</code>,
            <span key="t" className="font-mono text-xs whitespace-nowrap">{r.type}</span>,
            required(r),
            <Notes key="c" r={r} />,
          ])}
        />
      </div>
      <ul aria-label={label} className="my-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white @xl:hidden">
        {rows.map((r) => (
          <li key={r.name} className="px-3 py-2">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono text-xs font-medium break-all text-slate-900">{r.name}</code>
              <span className="font-mono text-xs text-slate-500">{r.type}</span>
              {required(r, ["required", "optional"])}
            </p>
            <Notes r={r} />
          </li>
        ))}
      </ul>
    </div>
  );
}
