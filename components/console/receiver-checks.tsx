"use client";
// The Go-live tab's receiver checks (lib/devapi/receiver-checks.ts): "Run checks"
// on a URL (the app's callback URL by default), and the runs kept, each case
// expandable: what was sent, what came back, why it failed and what to do.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { Field, Input, Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import type { CaseAnswer, ReceiverCase, ReceiverCheckSummary, ReceiverCheckView } from "@/lib/activity/receiver-check-runs";
import { useFormAction } from "@/components/ui/form-action";
import { appUrl, send } from "./api";
import { useReadiness, useReceiverCheck, useReceiverChecks } from "./hooks";

const answerText = (a: CaseAnswer) => ("status" in a ? `${a.status} in ${a.ms} ms` : `${a.error} (${a.ms} ms)`);

function CaseRow({ c }: { c: ReceiverCase }) {
  return (
    <details className="group/case border-t border-slate-100 first:border-t-0" open={!c.passed || undefined}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="text-slate-500 transition group-open/case:rotate-90" aria-hidden>▸</span>
        <Badge tone={c.passed ? "green" : "red"}>{c.passed ? "passed" : "failed"}</Badge>
        <code className="font-mono text-xs font-semibold text-slate-900">{c.name}</code>
        <span className="text-xs text-slate-600">answered {answerText(c.answered)}</span>
        <span className="basis-full text-xs text-slate-500 sm:ml-auto sm:basis-auto">expected {c.expected}</span>
      </summary>
      <div className="space-y-3 px-4 pb-4">
        {c.why && (
          <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p><span className="font-semibold">Why: </span>{c.why}</p>
            {c.hint && <p className="mt-1"><span className="font-semibold">What to do: </span>{c.hint}</p>}
            {c.links.length > 0 && (
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                {c.links.map((l) => <a key={l.url} href={l.url} className="font-medium text-indigo-700 underline">{l.label}</a>)}
              </p>
            )}
          </div>
        )}
        {c.note && <p className="text-sm text-amber-800">{c.note}</p>}
        <div className="grid gap-3 lg:grid-cols-2">
          <section aria-label={`${c.name}: sent`} className="min-w-0 space-y-2">
            <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Sent <span className="font-mono normal-case">{c.deliveryId}</span></h4>
            <HeaderList headers={c.sent.headers} />
            <CodeBlock raw value={c.sent.body} label={`${c.name}: body sent`} />
          </section>
          <section aria-label={`${c.name}: answered`} className="min-w-0 space-y-2">
            <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Answered</h4>
            <p className="text-sm text-slate-800">
              {answerText(c.answered)}
              {c.answered.relayedBy && <span className="block text-xs text-slate-500">relayed by {c.answered.relayedBy.listener} to {c.answered.relayedBy.target}</span>}
            </p>
            {"body" in c.answered && c.answered.body ? <CodeBlock value={c.answered.body} label={`${c.name}: answer body`} /> : null}
          </section>
        </div>
      </div>
    </details>
  );
}

function Cases({ check }: { check: ReceiverCheckView }) {
  if (check.error) return <p className="px-4 py-3 text-sm text-red-700">{check.error}</p>;
  return <section aria-label={`Cases of ${check.id}`}>{check.cases.map((c) => <CaseRow key={`${c.name}-${c.deliveryId}`} c={c} />)}</section>;
}

function Run({ appId, run, open }: { appId: string; run: ReceiverCheckSummary; open: boolean }) {
  const [shown, setShown] = useState(open);
  const { data, error } = useReceiverCheck(appId, shown ? run.id : null);
  return (
    <details className="group/run border-t border-slate-100 first:border-t-0" open={open || undefined} onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="text-slate-500 transition group-open/run:rotate-90" aria-hidden>▸</span>
        <Badge tone={run.status === "PASSED" ? "green" : run.status === "RUNNING" ? "blue" : "red"}>{run.status === "PASSED" ? "Passed" : run.status === "RUNNING" ? "Running" : "Failed"}</Badge>
        <span className="text-sm tabular-nums text-slate-700">{run.passed} of {run.passed + run.failed} cases</span>
        <span className="min-w-0 font-mono text-xs break-all text-slate-600">{run.url}</span>
        <span className="text-xs text-slate-500 sm:ml-auto"><LocalTime value={run.startedAt} /></span>
      </summary>
      <div className="mx-5 mb-4 overflow-hidden rounded-md border border-slate-200">
        {error && <div className="p-3"><ErrorNote error={error} /></div>}
        {!data && !error && <SkeletonRows rows={2} />}
        {data && <Cases check={data} />}
      </div>
    </details>
  );
}

export function ReceiverChecks({ appId, callbackUrl, inspectorUrl, operations }: { appId: string; callbackUrl: string | null; inspectorUrl: string; operations: { id: string; label: string }[] }) {
  const { data, error, isLoading, mutate } = useReceiverChecks(appId);
  const { mutate: refreshReadiness } = useReadiness(appId);
  const [url, setUrl] = useState(callbackUrl ?? "");
  const [operation, setOperation] = useState("");
  const [latest, setLatest] = useState<string | null>(null);
  const check = useFormAction(async () => {
    const r = await send<ReceiverCheckView>("POST", appUrl(appId, "/receiver-checks"), { url: url.trim(), ...(operation ? { operation } : {}) });
    setLatest(r.id);
    await Promise.all([mutate(), refreshReadiness()]);
  }, ["url"]);
  const busy = check.pending;
  return (
    <Card>
      <CardHeader
        title="Receiver checks"
        description="The portal sends your callback receiver signed, forged, stale and repeated callbacks and tells you what it got wrong."
      />
      <CardBody className="border-b border-slate-100">
        <form
          className="grid gap-3 md:grid-cols-[minmax(0,1fr)_14rem_auto] md:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            void check.run();
          }}
        >
          <Field
            label="Callback URL to check"
            error={check.fieldError("url") ?? null}
            hint={<>Your receiver. A server on your machine behind a hosted portal: run <code className="font-mono">sandbox.mjs listen --forward-to &lt;local URL&gt;</code> and check <button type="button" className="font-medium text-indigo-700 underline" onClick={() => setUrl(inspectorUrl)}>the inspector address</button>.</>}
          >
            {(p) => <Input {...p} name="url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://shop.example.com/callbacks" />}
          </Field>
          <Field label="Callback of" hint="Default: your first API that calls back.">
            {(p) => (
              <Select {...p} name="operation" value={operation} onChange={(e) => setOperation(e.target.value)}>
                <option value="">Default</option>
                {operations.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
              </Select>
            )}
          </Field>
          <Button type="submit" busy={busy} className="md:mt-6">{check.running ? "Running…" : "Run checks"}</Button>
        </form>
        {check.running && <p role="status" className="mt-3 text-sm text-slate-600">Sending 7 callbacks to your receiver; this takes as long as it takes to answer (at most about 30 s).</p>}
        {check.error ? <div className="mt-3"><ErrorNote>{check.error}</ErrorNote></div> : null}
      </CardBody>
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={2} />}
      {data && !data.checks.length && <EmptyState title="No checks yet">Run the checks on your callback URL: each case says what your receiver should do, and why when it does not.</EmptyState>}
      {data && data.checks.length > 0 && (
        <section aria-label="Receiver check runs">
          {data.checks.map((r, i) => <Run key={r.id} appId={appId} run={r} open={r.id === latest || (latest === null && i === 0 && r.status === "FAILED")} />)}
        </section>
      )}
    </Card>
  );
}
