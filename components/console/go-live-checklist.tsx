"use client";
// The Go-live tab's checklist (GET …/readiness, lib/activity/readiness.ts): the
// receiver check, every scenario of the subscribed operations exercised,
// callbacks answered by the integrator's own receiver, and the client checks, with progress.
import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { Progress, Tick } from "./checklist-parts";
import { useReadiness } from "./hooks";

function Item({ done, title, children }: { done: boolean; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3 py-3">
      <Tick done={done} label={done ? "done" : "not done yet"} />
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{title}</p>
        <div className="mt-0.5 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** `docs`: each operation's docs page (its scenarios and the values that pick them), by operation id. */
export function GoLiveChecklist({ appId, docs }: { appId: string; docs: Record<string, string> }) {
  const { data, error, isLoading, mutate } = useReadiness(appId);
  const check = data?.receiverCheck;
  const p = data?.progress;
  const client = data?.clientChecks ?? [];
  const clientPassed = client.filter((c) => c.status === "PASSED").length;
  const clientFailed = client.filter((c) => c.status === "FAILED").length;
  const steps = p ? [check?.status === "PASSED", p.total > 0 && p.exercised === p.total, p.callbacksTotal > 0 && p.callbacksAnswered === p.callbacksTotal, client.length > 0 && clientPassed === client.length] : [];
  return (
    <Card>
      <CardHeader title="Go-live checklist" description="What your integration has shown in this sandbox. It updates as you make calls and run checks." />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={3} />}
      {data && !data.operations.length && (
        <EmptyState title="No APIs yet" action={<Link className="text-sm font-medium text-indigo-700 hover:underline" href={`/apps/${appId}/subscriptions`}>Subscribe to an API</Link>}>
          The checklist lists the scenarios of the APIs your app is subscribed to.
        </EmptyState>
      )}
      {data && p && data.operations.length > 0 && (
        <CardBody className="space-y-5">
          <Progress done={steps.filter(Boolean).length} total={steps.length} label="Ready to go live" />
          <ol className="divide-y divide-slate-100" aria-label="Checklist">
            <Item done={check?.status === "PASSED"} title="Your receiver passes the receiver checks">
              {check
                ? <>Last run <LocalTime value={check.startedAt} />: <Badge tone={check.status === "PASSED" ? "green" : "red"}>{check.status === "PASSED" ? "passed" : `${check.failed} failed`}</Badge>{check.failedCases.length > 0 && <> ({check.failedCases.join(", ")})</>}</>
                : <>Not run yet: <a href="#receiver-checks" className="font-medium text-indigo-700 hover:underline">run the checks</a> on your callback URL.</>}
            </Item>
            <Item done={p.exercised === p.total} title="Every scenario exercised">
              Your calls ran {p.exercised} of the {p.total} scenarios of your operations (the request log keeps what they were).
            </Item>
            <Item done={p.callbacksTotal > 0 && p.callbacksAnswered === p.callbacksTotal} title="Your own receiver answered the callbacks">
              {p.callbacksAnswered} of {p.callbacksTotal} scenarios that call back were answered 2xx by your server (directly, or through a listener), not only by the inspector.
            </Item>
            <Item done={client.length > 0 && clientPassed === client.length} title="Your client passes the client checks">
              {clientPassed} of {client.length} passed
              {clientFailed > 0 && <>, <Badge tone="red">{clientFailed} failed</Badge></>}
              {clientPassed + clientFailed < client.length && <>; <a href="#client-checks" className="font-medium text-indigo-700 hover:underline">rehearse the rest</a> with <code className="font-mono">X-Svc-Fault</code></>}.
            </Item>
          </ol>
          <div className="space-y-2">
            <Progress done={p.exercised} total={p.total} label="Scenarios exercised" />
            <p className="text-xs text-slate-500">Each operation&apos;s docs page names the value that picks a scenario, or send <code className="font-mono">X-Svc-Scenario: &lt;key&gt;</code>.</p>
            {data.operations.map((op) => {
              const ran = op.scenarios.filter((s) => s.exercised).length;
              return (
                <details key={op.operationId} className="group rounded-md border border-slate-200">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                    <span className="text-slate-500 transition group-open:rotate-90" aria-hidden>▸</span>
                    <span className="min-w-0 font-mono text-xs break-all text-slate-800">{op.method} {op.path}</span>
                    <span className="ml-auto text-xs tabular-nums text-slate-600">{ran} of {op.scenarios.length}</span>
                  </summary>
                  {docs[op.operationId] && (
                    <p className="border-t border-slate-100 px-3 py-2 text-xs"><Link className="font-medium text-indigo-700 hover:underline" href={`${docs[op.operationId]}#scenarios`}>How to pick each scenario</Link></p>
                  )}
                  <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label={`Scenarios of ${op.operationId}`}>
                    {op.scenarios.map((s) => (
                      <li key={s.key} className="flex gap-3 px-3 py-2">
                        <Tick done={s.exercised} label={s.exercised ? "exercised" : "not exercised"} />
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                            <code className="font-mono text-xs font-semibold text-slate-900">{s.key}</code>
                            {s.callbackAnswered === true && <Badge tone="green">callback answered by your server</Badge>}
                            {s.callbackAnswered === false && <Badge tone="amber" title="Only the inspector answered: point callbackUrl at your server, or run sandbox.mjs listen">callback not answered by your server</Badge>}
                            <span className="ml-auto text-xs text-slate-500">{s.exercised ? <>{s.calls} call{s.calls === 1 ? "" : "s"}, last <LocalTime value={s.lastAt} /></> : "not run yet"}</span>
                          </div>
                          <p className="text-xs text-slate-600">{s.summary}</p>
                        </div>
                      </li>
                    ))}
                  </ul>
                </details>
              );
            })}
          </div>
        </CardBody>
      )}
    </Card>
  );
}
