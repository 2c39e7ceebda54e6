"use client";
// A live try-it call's callback, as it happens: found from the call's request
// log row (its delivery is written in the same commit), then followed until it
// was posted, with the answer it got and where it arrived.
import Link from "@/components/ui/link";
import useSWR from "swr";
import { appUrl, fetcher } from "@/components/console/api";
import { useDelivery, type Json } from "@/components/console/hooks";
import { DeliveryBadge, HttpStatus } from "@/components/console/status";
import { CodeBlock } from "@/components/ui/code";
import { LocalTime } from "@/components/ui/time";
import type { RequestDetail } from "@/lib/activity/requests";

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

function Delivery({ appId, id }: { appId: string; id: string }) {
  const { data: d } = useDelivery(appId, id);
  if (!d) return <p className="text-sm text-slate-500">Reading callback {id}…</p>;
  const waiting = d.state === "SCHEDULED" || d.state === "SENDING";
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Link href={`/apps/${appId}/callbacks/${d.id}`} className="font-mono text-xs text-indigo-700 underline">{d.id}</Link>
        <DeliveryBadge state={d.state} />
        {d.lastStatus !== null && <>answered <HttpStatus status={d.lastStatus} /></>}
        <span className="text-slate-500">to <code className="font-mono break-all">{d.url ?? "no address"}</code></span>
      </p>
      {waiting && <p className="text-sm text-slate-500">Posted when due (<LocalTime value={d.dueAt} />); this updates by itself.</p>}
      {d.links.inbox.length > 0 && (
        <p className="text-sm text-slate-600">
          Your app&apos;s inspector received it: <Link href={`/apps/${appId}/inspector?delivery=${d.id}`} className="text-indigo-700 underline">open it in the inbox</Link>.
        </p>
      )}
      <CodeBlock value={parsed(d.body)} label="Callback body" />
    </div>
  );
}

export function LiveCallback({ appId, requestId }: { appId: string; requestId: string }) {
  const { data, error } = useSWR<Json<RequestDetail>>(appUrl(appId, `/requests/${encodeURIComponent(requestId)}`), fetcher);
  if (error) return <p className="text-sm text-amber-800">The call&apos;s log entry could not be read: {String(error.message ?? error)}</p>;
  if (!data) return <p className="text-sm text-slate-500">Looking for its callback…</p>;
  const deliveries = data.links.deliveries;
  if (!deliveries.length) return <p className="text-sm text-slate-500">No callback follows this answer.</p>;
  return (
    <div className="space-y-4">
      {deliveries.map((d) => <Delivery key={d.id} appId={appId} id={d.id} />)}
    </div>
  );
}
