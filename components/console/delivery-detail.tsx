"use client";
import Link from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code";
import { ErrorNote } from "@/components/ui/empty";
import { useFormAction } from "@/components/ui/form-action";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { appUrl, send } from "./api";
import { CopyButton } from "@/components/ui/copy-button";
import { DeliveryAdvice } from "./delivery-advice";
import { Explain } from "./explain";
import { useDelivery } from "./hooks";
import { RelayHint, RelayList } from "./relays";
import { OnPurpose } from "./on-purpose";
import { SendTo } from "./send-to";
import { Timeline } from "./timeline";

const parsed = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};
import { DeliveryBadge, HttpStatus } from "./status";
import { Writes } from "./permission";

/** What the app's callback faults did to this delivery on purpose (Delivery.faults). */
function CallbackFaultsNote({ text }: { text: string }) {
  const f = (parsed(text) ?? {}) as { duplicate?: boolean; badSignature?: boolean; extraDelayMs?: number };
  const what = [
    f.duplicate && "posted twice under the same delivery id",
    f.badSignature && "signed with a wrong secret",
    f.extraDelayMs && `sent ${f.extraDelayMs} ms late`,
  ].filter(Boolean);
  return <OnPurpose what="Callback faults" testId="delivery-faults">{what.join(", ")}.</OnPurpose>;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm wrap-anywhere text-slate-800">{children}</dd>
    </div>
  );
}

export function DeliveryDetail({ appId, deliveryId, back }: { appId: string; deliveryId: string; back?: string }) {
  const { data: d, error, isLoading, mutate } = useDelivery(appId, deliveryId);
  const resend = useFormAction(async () => {
    await send("POST", appUrl(appId, `/deliveries/${encodeURIComponent(deliveryId)}/resend`));
    await mutate();
  });
  const listHref = `/apps/${appId}/callbacks${back ? `?${back}` : ""}`;
  if (error) return <ErrorNote error={error} onRetry={() => mutate()} back={{ href: listHref, label: "← Back to the callbacks" }} />;
  if (isLoading || !d) return <Card><SkeletonRows rows={6} /></Card>;
  const canSend = Boolean(d.url && /^https?:/i.test(d.url)) && d.state !== "SCHEDULED" && d.state !== "SENDING";
  return (
    <div className="space-y-6">
      <Link href={listHref} className="text-sm text-slate-600 hover:text-slate-900">← All callbacks</Link>
      <Card>
        <CardHeader
          title={<span className="flex flex-wrap items-center gap-2">Callback <code className="font-mono text-sm font-normal text-slate-500">{d.id}</code> <DeliveryBadge state={d.state} /></span>}
          description={`${d.operationId} · scenario ${d.scenarioKey}`}
          actions={
            <Writes><Button
              busy={resend.pending}
              disabled={!canSend}
              title={canSend ? "Post the same body to the same address again" : "Only a callback that was sent, or failed, with an http(s) address can be sent again"}
              onClick={() => void resend.run()}
            >
              Send it again
            </Button></Writes>
          }
        />
        <CardBody className="space-y-5">
          {resend.error && <ErrorNote>{resend.error}</ErrorNote>}
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Address">{d.url ?? <span className="text-slate-500">none</span>}</Fact>
            <Fact label="Scheduled"><LocalTime value={d.createdAt} /> · due <LocalTime value={d.dueAt} /></Fact>
            <Fact label="Last HTTP status"><HttpStatus status={d.lastStatus} /></Fact>
            <Fact label="Attempts"><span data-testid="attempt-count" className="tabular-nums">{d.attempts}</span></Fact>
          </dl>
          {d.faults && <CallbackFaultsNote text={d.faults} />}
          {d.lastError && <p className="text-sm text-slate-700"><span className="font-medium">Reason: </span>{d.lastError}</p>}
          {d.delayReason && <p className="text-sm text-slate-700" data-testid="delay-reason"><span className="font-medium">Waiting: </span>{d.delayReason}</p>}
          <DeliveryAdvice d={d} />
          <Explain body={parsed(d.body)} about="What the callback reports about the payment" />
          <div>
            <h2 className="mb-2 text-sm font-semibold">Related</h2>
            <ul className="space-y-1.5 text-sm" aria-label="Related">
              <li>
                Request:{" "}
                {d.links.request
                  ? <Link className="font-mono text-xs text-indigo-700 hover:underline" href={`/apps/${appId}/requests/${d.links.request.requestId}`}>{d.links.request.method} {d.links.request.path} ({d.links.request.requestId})</Link>
                  : <span className="text-slate-600">no longer in the request log</span>}
              </li>
              <li>
                Inspector:{" "}
                {d.links.inbox.length
                  ? <>
                      <Link className="text-indigo-700 underline" href={`/apps/${appId}/inspector?delivery=${d.id}`}>received {d.links.inbox.length === 1 ? "once" : `${d.links.inbox.length} times`}</Link>
                      <span className="text-slate-600"> (answered {[...d.links.inbox].reverse().map((e) => e.status).join(", ")})</span>
                    </>
                  : <span className="text-slate-600">nothing received there (the address is not this app&apos;s inspector, or it was not sent yet)</span>}
              </li>
            </ul>
          </div>
          <div>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{d.attempts > 0 ? "Body sent" : d.state === "NOT_SENT" ? "Body (not sent)" : "Body to send"}</h3>
              <CopyButton value={d.body} what="body of the callback" />
            </div>
            <CodeBlock value={d.body} label="Callback body" />
          </div>
          <div className="border-t border-slate-100 pt-4"><Writes note><SendTo appId={appId} deliveryId={d.id} /></Writes></div>
        </CardBody>
      </Card>
      {d.resourceId && <Timeline appId={appId} resourceId={d.resourceId} />}
      <Card>
        <CardHeader title="Attempts" description="Each POST of this callback, oldest first, with the receiving server's answer." />
        {d.attemptLog.length === 0 ? (
          <CardBody><p className="text-sm text-slate-500">{d.state === "NOT_SENT" ? "Not sent: there was no http or https address." : "Not sent yet: it goes out at its due time."}</p></CardBody>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Attempts">
            {d.attemptLog.map((a, i) => (
              <li key={a.id} className="space-y-2 px-5 py-4">
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span className="font-medium">#{i + 1}</span>
                  <LocalTime value={a.at} />
                  <HttpStatus status={a.status} />
                  {a.error && <span className="text-red-700">{a.error}</span>}
                  <span className="text-slate-500">{a.durationMs} ms</span>
                  {a.url && a.url !== d.url && <span className="text-slate-600">to <code className="font-mono text-xs break-all">{a.url}</code></span>}
                </div>
                {a.note && <p className="text-sm text-amber-800" data-testid="attempt-note">Note: {a.note}</p>}
                {a.headers && (
                  <details className="text-sm">
                    <summary className="cursor-pointer text-slate-600">Headers sent</summary>
                    <CodeBlock value={JSON.stringify(parsed(a.headers), null, 2)} label={`Headers of attempt ${i + 1}`} />
                  </details>
                )}
                {a.responseBody && <CodeBlock value={a.responseBody} label={`Answer to attempt ${i + 1}`} />}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card>
        <CardHeader title="Your server" description="What sandbox.mjs listen relayed to your own server, and its answer, per listener." />
        {d.relays.length ? <RelayList relays={d.relays} /> : <CardBody><RelayHint /></CardBody>}
      </Card>
    </div>
  );
}
