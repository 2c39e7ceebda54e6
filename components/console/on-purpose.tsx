// The console's one mark of what was done on purpose: a delivery's callback
// faults (delivery-detail.tsx) and a call's X-Svc-Fault, whose words come from
// the fault table (lib/engine/gateway-faults.ts GATEWAY_FAULTS), never a copy here.
import { cn } from "@/components/ui/cn";
import { gatewayFaultNamed } from "@/lib/engine/gateway-faults";

/** What was done on purpose (`what`), and what it did. */
export function OnPurpose({ what, children, className, testId }: { what: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <span className={cn("block rounded-md border border-amber-200 bg-amber-50 text-amber-900", className ?? "px-3 py-2 text-sm")} data-testid={testId}>
      <span className="font-medium">{what} (on purpose): </span>{children}
    </span>
  );
}

/** A call's fault (RequestLog.fault) and what its client saw; nothing for a call without one. */
export function FaultMark({ fault, className }: { fault: string | null | undefined; className?: string }) {
  const f = gatewayFaultNamed(fault);
  if (!f) return null;
  return (
    <OnPurpose what={`${f.committed && f.answer ? "Answer lost" : "Fault"}: ${f.name}`} className={className} testId="fault-mark">
      {f.committed ? "the call went through" : "nothing was committed"}; what the client saw: {f.sees}.
    </OnPurpose>
  );
}
