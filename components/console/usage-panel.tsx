"use client";
// Usage per app: calls per day (usage-chart.tsx), per operation, the error
// rate and the current minute's share of the rate limit.
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { useUsage } from "./hooks";
import { plural, UsageChart } from "./usage-chart";

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

export function UsagePanel({ appId }: { appId: string }) {
  const { data: u, error, isLoading, mutate } = useUsage(appId);
  if (error) return <ErrorNote error={error} onRetry={() => mutate()} />;
  if (isLoading || !u) return <Card><SkeletonRows rows={4} /></Card>;
  const opMax = Math.max(1, ...u.operations.map((o) => o.calls));
  const minuteShare = Math.min(1, u.minute.used / u.minute.limit);
  return (
    <Card>
      <CardHeader title="Usage" description="Calls in the request log over the last 14 days (UTC), and this minute's share of the rate limit." />
      <CardBody className="space-y-6">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <div><dt className="text-xs text-slate-600">Calls (14 days)</dt><dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid="usage-total">{u.total}</dd></div>
          <div>
            <dt className="text-xs text-slate-600">Errors</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums">{u.errors}</dd>
            {u.limited > 0 && <dd className="text-xs text-slate-600" data-testid="usage-limited">and {u.limited} refused by the limit (429)</dd>}
          </div>
          <div><dt className="text-xs text-slate-600">Error rate</dt><dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid="usage-error-rate">{pct(u.errorRate)}</dd></div>
          <div>
            <dt className="text-xs text-slate-600">This minute</dt>
            <dd className="mt-0.5">
              <span className="text-lg font-semibold tabular-nums" data-testid="usage-minute">{u.minute.used} / {u.minute.limit}</span>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100" role="meter" aria-label="Rate limit used this minute" aria-valuemin={0} aria-valuemax={u.minute.limit} aria-valuenow={u.minute.used}>
                <div className={`h-1.5 rounded-full ${minuteShare >= 1 ? "bg-red-600" : minuteShare > 0.8 ? "bg-amber-500" : "bg-emerald-600"}`} style={{ width: `${minuteShare * 100}%` }} />
              </div>
              <span className="text-xs text-slate-600">resets in {u.minute.resetsInSeconds} s</span>
            </dd>
          </div>
        </dl>
        <UsageChart days={u.days} />
        {u.operations.length > 0 && (
          <figure>
            <figcaption className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Per operation</figcaption>
            <ul className="space-y-2" aria-label="Calls per operation">
              {u.operations.map((o) => (
                <li key={o.operationId} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[12rem_1fr_auto]">
                  <span className="truncate font-mono text-xs">{o.operationId}</span>
                  <div className="h-2 rounded-full bg-slate-100"><div className="h-2 rounded-full bg-indigo-500" style={{ width: `${(o.calls / opMax) * 100}%` }} /></div>
                  <span className="text-xs whitespace-nowrap text-slate-700 tabular-nums">{plural(o.calls, "call")} · {pct(o.calls ? o.errors / o.calls : 0)} errors{o.limited ? ` · ${o.limited} refused` : ""}</span>
                </li>
              ))}
            </ul>
          </figure>
        )}
      </CardBody>
    </Card>
  );
}
