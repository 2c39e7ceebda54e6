"use client";
// One resource's timeline (lib/activity/timeline.ts): the console's resource,
// request and callback pages all show this one component.
import Link from "@/components/ui/link";
import { Badge, type Tone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { useTimeline } from "./hooks";
import { FaultMark } from "./on-purpose";
import type { FloatMet as Met } from "@/lib/activity/float-met";
import { FloatMet } from "./float-met";
import { DeliveryBadge, HttpStatus } from "./status";

type Event = { at: string; type: string; [k: string]: unknown };

const LABEL: Record<string, [string, Tone]> = {
  request: ["Request", "neutral"],
  status_read: ["Status read", "blue"],
  state: ["State", "violet"],
  callback_scheduled: ["Callback scheduled", "blue"],
  callback_attempt: ["Callback attempt", "green"],
  inbox: ["Inspector", "green"],
  relay: ["Relayed", "amber"],
};

/** Milliseconds matter here: at time scale 0 several things happen within one second. */
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3 });

const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** What tells two events apart (the rows they come from). */
const keyOf = (e: Event) => [e.at, e.type, e.change, e.requestId, e.deliveryId, e.attempt, e.inboxEntryId, e.listener].map(s).join("|");

function What({ e, appId }: { e: Event; appId: string }) {
  const reqLink = (id: unknown, text: string) =>
    id ? <Link className="font-mono text-xs break-all text-indigo-700 hover:underline" href={`/apps/${appId}/requests/${s(id)}`}>{text}</Link> : <span>{text}</span>;
  const dlvLink = (id: unknown) => <Link className="font-mono text-xs text-indigo-700 hover:underline" href={`/apps/${appId}/callbacks/${s(id)}`}>{s(id)}</Link>;
  switch (e.type) {
    case "request":
    case "status_read":
      return (
        <span className="flex flex-wrap items-center gap-2">
          {reqLink(e.requestId, `${s(e.method)} ${s(e.path)}`)}
          <HttpStatus status={e.status as number} />
          {e.type === "status_read" && e.state ? <span>answered <strong>{s(e.state)}</strong></span> : null}
          {e.scenarioKey ? <span className="text-slate-500">scenario {s(e.scenarioKey)}</span> : null}
          <span className="text-slate-500">via {s(e.via)}</span>
          <FaultMark fault={e.fault as string | null} className="basis-full px-2 py-1 text-xs" />
          {e.retryOf ? (
            <span className="block basis-full rounded-md border border-green-200 bg-green-50 px-2 py-1 text-xs text-green-900" data-testid="retry-found">
              <span className="font-medium">Retry: </span>{s(e.note)}{" "}
              <Link className="font-medium whitespace-nowrap text-indigo-700 underline" href={`/apps/${appId}/requests/${s(e.retryOf)}`}>Open the first call</Link>
            </span>
          ) : null}
          {e.float ? <span className="text-slate-600"><FloatMet float={e.float as Met} appId={appId} low={e.scenarioKey === "float_low"} /></span> : null}
        </span>
      );
    case "state":
      return (
        <span>
          <strong>{s(e.change)}</strong> → {s(e.state)}
          {e.change === "resolved" && <> as <strong>{s(e.scenarioKey)}</strong> via {s(e.via)}</>}
          {e.resultCode !== undefined && <> (resultCode {s(e.resultCode)})</>}
        </span>
      );
    case "callback_scheduled":
      return (
        <span className="flex flex-wrap items-center gap-2">
          {dlvLink(e.deliveryId)} <DeliveryBadge state={s(e.state)} />
          <span className="text-slate-600">{e.url ? `to ${s(e.url)}` : "no address"}</span>
          <span className="text-slate-500">due {clock(s(e.dueAt))}</span>
          {e.error ? <span className="text-red-700">{s(e.error)}</span> : null}
        </span>
      );
    case "callback_attempt":
    case "relay":
      return (
        <span className="flex flex-wrap items-center gap-2">
          <span>{e.type === "relay" ? `${s(e.listener)} → ${s(e.target)}` : `#${s(e.attempt)} to ${s(e.url)}`}</span>
          <HttpStatus status={e.status as number | null} />
          {e.error ? <span className="text-red-700">{s(e.error)}</span> : null}
          <span className="text-slate-500">{s(e.durationMs)} ms</span>
          {e.note ? <span className="text-amber-800">{s(e.note)}</span> : null}
        </span>
      );
    case "inbox":
      return (
        <span className="flex flex-wrap items-center gap-2">
          <Link className="text-indigo-700 underline" href={`/apps/${appId}/inspector?delivery=${s(e.deliveryId)}`}>received by the app&apos;s inspector</Link>
          <HttpStatus status={e.status as number} />
        </span>
      );
    default:
      return null;
  }
}

/** The timeline of `resourceId`, live while anything is still to happen to it. */
export function Timeline({ appId, resourceId, title = "Timeline" }: { appId: string; resourceId: string; title?: React.ReactNode }) {
  const { data: t, error, isLoading, mutate } = useTimeline(appId, resourceId);
  return (
    <Card>
      <CardHeader
        title={title}
        description={t ? <>Everything that happened to <Link className="font-mono text-indigo-700 underline" href={`/apps/${appId}/resources/${resourceId}`}>{resourceId}</Link>, oldest first · now <strong>{t.state}</strong></> : undefined}
      />
      {error ? <CardBody><ErrorNote error={error} onRetry={() => mutate()} /></CardBody> : null}
      {isLoading || (!t && !error) ? <SkeletonRows rows={4} /> : null}
      {t && (
        <ol className="divide-y divide-slate-100" aria-label={`Timeline of ${resourceId}`}>
          {(t.events as Event[]).map((e) => {
            const [label, tone] = e.retryOf ? (["Retry", "green"] as const) : (LABEL[e.type] ?? [e.type, "neutral" as Tone]);
            return (
              <li key={keyOf(e)} data-type={e.type} className="flex flex-col gap-1 px-5 py-2.5 text-sm sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={e.at} className="shrink-0 font-mono text-xs text-slate-500 tabular-nums sm:w-24">{clock(e.at)}</time>
                <span className="shrink-0 sm:w-40"><Badge tone={tone}>{label}</Badge></span>
                <span className="min-w-0 text-slate-800 [overflow-wrap:anywhere]"><What e={e} appId={appId} /></span>
              </li>
            );
          })}
        </ol>
      )}
      {t?.truncated && <CardBody><p className="text-xs text-slate-500">Only the newest 500 calls naming it are shown.</p></CardBody>}
    </Card>
  );
}
