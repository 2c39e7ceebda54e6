import { gatewayFaultRows } from "@/lib/docs/gateway-faults";
import { DataTable } from "./data-table";
import { C } from "./prose";

/** The faults X-Svc-Fault asks for (lib/docs/gateway-faults.ts over lib/engine/gateway-faults.ts GATEWAY_FAULTS): what is committed, what the client sees, what a correct client does. */
export function GatewayFaultTable() {
  return (
    <DataTable
      label="Faults"
      head={["X-Svc-Fault", "What your client sees", "What a correct client does"]}
      rowIds={gatewayFaultRows().map((f) => `fault-${f.name}`)}
      rows={gatewayFaultRows().map((f) => [
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
