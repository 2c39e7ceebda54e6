// Status badges shared by the console's lists.
import { Badge, statusTone, type Tone } from "@/components/ui/badge";

export function SubscriptionBadge({ status }: { status: "ACTIVE" | "PENDING" | "REJECTED" | null }) {
  if (status === "ACTIVE") return <Badge tone="green">Active</Badge>;
  if (status === "PENDING") return <Badge tone="amber">Waiting for review</Badge>;
  if (status === "REJECTED") return <Badge tone="red">Rejected</Badge>;
  return <Badge>Not subscribed</Badge>;
}

const DELIVERY: Record<string, [string, Tone]> = {
  DELIVERED: ["Delivered", "green"],
  FAILED: ["Failed", "red"],
  NOT_SENT: ["Not sent", "neutral"],
  SCHEDULED: ["Scheduled", "blue"],
  SENDING: ["Sending", "blue"],
};

export function DeliveryBadge({ state }: { state: string }) {
  const [label, tone] = DELIVERY[state] ?? [state, "neutral" as Tone];
  return <Badge tone={tone}>{label}</Badge>;
}

export function HttpStatus({ status }: { status: number | null | undefined }) {
  if (status === null || status === undefined) return <span className="text-slate-500">—</span>;
  return <Badge tone={statusTone(status)} className="font-mono">{status}</Badge>;
}
