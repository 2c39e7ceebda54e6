import { faultRows } from "@/lib/docs/faults";
import { DataTable } from "./data-table";
import { C } from "./prose";

/** The faults X-Svc-Fault asks for (lib/docs/faults.ts over lib/engine/faults.ts FAULTS): what is committed, what the client sees, what a correct client does. */
export function FaultTable() {
  return (
    <DataTable
      label="Faults"
      head={["X-Svc-Fault", "What your client sees", "What a correct client does"]}
      rowIds={faultRows().map((f) => `fault-${f.name}`)}
      rows={faultRows().map((f) => [
        <span key="n" className="block min-w-[9rem]">
          <C>{f.name}</C>
          <span className="mt-1 block text-xs text-slate-600">{f.committed ? "committed" : "not committed (log row only)"}</span>
        </span>,
        f.sees,
        f.clientDoes,
      ])}
    />
  );
}
