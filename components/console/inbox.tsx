"use client";
// The inspector's inbox: what arrived at the app's inspector address, newest
// first, live; searched by delivery id, resource id or reference; each entry with
// what the inspector answered, the callback and request behind it, its signature
// checked against the app's secret, and what a listener relayed it to.
import Link from "@/components/ui/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Badge, statusTone, type Tone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { ConfirmButton } from "@/components/ui/confirm";
import { CopyButton, CopyField } from "@/components/ui/copy-button";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { Input } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { appUrl, send } from "./api";
import { useApp, useInbox, type InboxEntry } from "./hooks";
import { RelayHint, RelayList } from "./relays";
import { InspectorModeForm } from "./inspector-mode";
import { SignatureFindings } from "./signature-findings";
import { Writes } from "./permission";


const SIGNATURE: Record<string, { tone: Tone; label: string; text: string }> = {
  valid: { tone: "green", label: "Signature valid", text: "signed with this app's signing secret" },
  invalid: { tone: "red", label: "Signature invalid", text: "does not match this app's signing secret (or the body changed)" },
  none: { tone: "neutral", label: "Unsigned", text: "no signature headers" },
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Entry({ e, appId, open }: { e: InboxEntry; appId: string; open: boolean }) {
  const sig = SIGNATURE[e.signature.result] ?? SIGNATURE.none!;
  return (
    <details open={open || undefined} className="group border-t border-slate-100 first:border-t-0">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1.5 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="text-slate-500 transition group-open:rotate-90" aria-hidden>▸</span>
        <Badge tone={statusTone(e.status)} title="What the inspector answered">Answered {e.status}</Badge>
        <Badge tone="blue">{e.method}</Badge>
        <span className="text-sm text-slate-700"><LocalTime value={e.receivedAt} /></span>
        {e.deliveryId ? <span className="font-mono text-xs text-slate-600">{e.deliveryId}</span> : <span className="text-xs text-slate-500">{e.contentType ?? "no content type"}</span>}
        {e.delivery && <span className="text-xs text-slate-500">{e.delivery.operationId}</span>}
        <span className="ml-auto flex items-center gap-2">
          <Badge tone={sig.tone} title={sig.text}>{sig.label}</Badge>
          {e.relays.length ? <Badge tone="violet">{e.relays.length === 1 ? "relayed" : `relayed ×${e.relays.length}`}</Badge> : null}
          <span className="hidden text-xs text-slate-500 tabular-nums sm:inline">{e.body.length} bytes</span>
        </span>
      </summary>
      <div className="grid gap-5 px-5 pb-5 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <section aria-label="Where it came from">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Where it came from</h3>
            <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 px-3">
              <Fact label="Callback">
                {e.delivery
                  ? <Link href={`/apps/${appId}/callbacks/${e.delivery.id}`} className="font-mono text-xs text-indigo-700 hover:underline">{e.delivery.id}</Link>
                  : e.deliveryId ? <span className="text-slate-500">{e.deliveryId} (not a callback of this app, or no longer kept)</span>
                  : <span className="text-slate-500">none: this was not sent by the sandbox</span>}
                {e.delivery && <span className="ml-2 text-xs text-slate-500">{e.delivery.state.toLowerCase()}</span>}
              </Fact>
              <Fact label="Request">
                {e.request
                  ? <Link href={`/apps/${appId}/requests/${e.request.requestId}`} className="text-indigo-700 hover:underline">
                      <span className="font-mono text-xs">{e.request.method} {e.request.path}</span> → {e.request.status}
                    </Link>
                  : <span className="text-slate-500">{e.delivery ? "no longer in the request log" : "—"}</span>}
              </Fact>
              <Fact label="Answered">
                <span className="tabular-nums">{e.status}</span>
                <span className="ml-2 text-xs text-slate-500">as the inspector&apos;s answer mode said</span>
              </Fact>
              <Fact label="Signature">
                <span className={sig.tone === "green" ? "text-emerald-700" : sig.tone === "red" ? "text-red-700" : "text-slate-600"}>{sig.label}</span>
                {e.signature.result !== "none" && (
                  <span className="block text-xs text-slate-500">
                    x-svc-signature: {e.signature.svc} · webhook-signature: {e.signature.standard}
                  </span>
                )}
              </Fact>
            </dl>
          </section>
          {e.explanation && (
            <section aria-label="Why the signature is invalid">
              <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Why the signature is invalid</h3>
                <Link
                  href={`/apps/${appId}/go-live?entry=${encodeURIComponent(e.id)}${e.deliveryId ? `&delivery=${encodeURIComponent(e.deliveryId)}` : ""}#explain`}
                  className="text-xs font-medium text-indigo-700 hover:underline"
                >
                  Explain with your code&apos;s signature
                </Link>
              </div>
              <SignatureFindings findings={e.explanation.findings} />
            </section>
          )}
          <section aria-label="Listener relays">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Relayed by a listener</h3>
            {e.relays.length ? <div className="rounded-md border border-slate-200"><RelayList relays={e.relays} /></div> : <RelayHint />}
          </section>
          <section>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Body</h3>
              <CopyButton value={e.body} what="body of this entry" />
            </div>
            <CodeBlock value={e.body} label="Received body" />
          </section>
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Headers</h3>
          <HeaderList headers={e.headers} />
        </div>
      </div>
    </details>
  );
}

function Search({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(ev) => {
        ev.preventDefault();
        onChange(text.trim());
      }}
    >
      <label htmlFor="inbox-search" className="sr-only">Search the inbox</label>
      <Input id="inbox-search" type="search" value={text} onChange={(ev) => setText(ev.target.value)} placeholder="Delivery id, resource id or reference" className="min-w-0 flex-1" />
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">Search</button>
    </form>
  );
}

export function Inbox({ appId }: { appId: string }) {
  const { data: app } = useApp(appId);
  const params = useSearchParams();
  const router = useRouter();
  const delivery = params.get("delivery") ?? undefined;
  const q = params.get("q") ?? "";
  const { items, error, isLoading, hasMore, loadMore, loadingMore, mutate } = useInbox(appId, { delivery, q: q || undefined });
  const filtered = Boolean(delivery || q);
  const setQuery = (next: string) => router.replace(`/apps/${appId}/inspector${next ? `?q=${encodeURIComponent(next)}` : ""}`);
  return (
    <div className="space-y-6">
      <Writes><InspectorModeForm appId={appId} /></Writes>
      <Card>
        <CardHeader
          title={<span className="flex items-center gap-2">Inbox <span className="inline-flex items-center gap-1.5 text-xs font-normal text-emerald-700"><span className="size-2 motion-safe:animate-pulse rounded-full bg-emerald-500" aria-hidden />Live</span></span>}
          description="What arrived at this app's inspector address, newest first. The page updates by itself."
          actions={
            <Writes><ConfirmButton
              trigger="Clear inbox"
              title="Clear the inbox?"
              confirmLabel="Clear inbox"
              onConfirm={async () => {
                await send("DELETE", appUrl(appId, "/inbox"));
                await mutate();
              }}
            >
              Every entry kept for this app goes, for good. Callbacks and the request log stay as they are.
            </ConfirmButton></Writes>
          }
        />
        <div className="grid gap-3 border-b border-slate-100 px-5 py-3 md:grid-cols-2">
          {app && (
            <div className="min-w-0">
              <p className="mb-1.5 text-xs font-medium text-slate-500">Inspector address: use it as callbackUrl</p>
              <CopyField value={app.inspectorUrl} what="inspector address" />
            </div>
          )}
          <div className="min-w-0">
            <p className="mb-1.5 text-xs font-medium text-slate-500">Find what a callback, resource or reference left here</p>
            <Search value={q} onChange={setQuery} />
          </div>
        </div>
        {filtered && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-5 py-2 text-sm">
            {delivery
              ? <span>What callback <code className="font-mono text-xs">{delivery}</code> left here</span>
              : <span>Entries for <code className="font-mono text-xs">{q}</code></span>}
            <Link href={`/apps/${appId}/inspector`} className="font-medium text-indigo-700 hover:underline">Show everything</Link>
          </div>
        )}
        {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
        {isLoading && <SkeletonRows rows={3} />}
        {!isLoading && !error && items.length === 0 && (
          filtered
            ? <EmptyState title="Nothing matches">No entry came from a callback with that delivery id, resource id or reference.</EmptyState>
            : <EmptyState title="Nothing received yet">
                Send a call with this app&apos;s inspector address as callbackUrl (or POST anything to it). What arrives shows up here within a few seconds.
              </EmptyState>
        )}
        {items.length > 0 && (
          <div aria-label="Received deliveries" role="list">
            {items.map((e) => <div role="listitem" key={e.id}><Entry e={e} appId={appId} open={Boolean(delivery)} /></div>)}
          </div>
        )}
        <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
      </Card>
    </div>
  );
}
