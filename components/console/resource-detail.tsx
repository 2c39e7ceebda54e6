"use client";
// A resource (prompt, payout, verification, message): its state and its timeline.
import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/empty";
import { useTimeline } from "./hooks";
import { Timeline } from "./timeline";

export function ResourceDetail({ appId, resourceId }: { appId: string; resourceId: string }) {
  const { data: t } = useTimeline(appId, resourceId); // the same SWR key as the timeline below: one request
  return (
    <div className="space-y-6">
      <Link href={`/apps/${appId}/requests?q=${encodeURIComponent(resourceId)}`} className="text-sm text-slate-600 hover:text-slate-900">← Its calls in the request log</Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">Resource <code className="font-mono text-base font-normal text-slate-600">{resourceId}</code></h2>
        {t && <Badge tone={t.held ? "amber" : "neutral"}>{t.held ? "Held" : t.state}</Badge>}
        {t && <span className="text-sm text-slate-500">{t.operationId} · scenario {t.scenarioKey}{t.resolvedVia ? ` · resolved via ${t.resolvedVia}` : ""}</span>}
      </div>
      {t?.held && (
        <Notice>
          Held: it stays {t.state} and sends no callback until you resolve it, on the <Link className="font-medium underline" href={`/apps/${appId}/handset`}>Handset</Link> or with{" "}
          <code className="font-mono">POST /dev/v1/resources/{resourceId}/resolve</code>.
        </Notice>
      )}
      <Timeline appId={appId} resourceId={resourceId} />
    </div>
  );
}
