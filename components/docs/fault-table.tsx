import { faultRows } from "@/lib/docs/faults";
import { DataTable } from "./data-table";
import { C } from "./prose";

/** The faults X-Svc-Fault asks for (lib/docs/faults.ts over lib/engine/faults.ts FAULTS): what is committed, what the client sees, what a correct client does. */
export function FaultTable() {
  return (
    <DataTable
      label="Faults"
      head={["X-Svc-Fault", "Committed?", "What your client sees", "What a correct client does"]}
      rowIds={faultRows().map((f) => `fault-${f.name}`)}
      rows={faultRows().map((f) => [<C key="n">{f.name}</C>, f.committed ? "yes" : "no (log row only)", f.sees, f.clientDoes])}
    />
  );
}
