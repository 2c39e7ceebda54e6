"use client";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { CopyField } from "@/components/ui/copy-button";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder } from "@/components/ui/table";
import { RelativeTime } from "@/components/ui/time";
import { useApp, useInbox, type InboxEntry } from "./hooks";

function Entry({ e }: { e: InboxEntry }) {
  const delivery = e.headers["x-svc-delivery"];
  return (
    <details className="group border-t border-slate-100 first:border-t-0">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="text-slate-500 transition group-open:rotate-90" aria-hidden>▸</span>
        <Badge tone="blue">{e.method}</Badge>
        <span className="text-sm text-slate-700"><RelativeTime value={e.receivedAt} /></span>
        <span className="font-mono text-xs text-slate-500">{e.contentType ?? "no content type"}</span>
        {delivery && <span className="font-mono text-xs text-slate-500">{delivery}</span>}
        <span className="ml-auto text-xs text-slate-500">{e.body.length} bytes</span>
      </summary>
      <div className="grid gap-4 px-5 pb-5 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Body</h3>
          <CodeBlock value={e.body} label="Received body" />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</h3>
          <HeaderList headers={e.headers} />
        </div>
      </div>
    </details>
  );
}

export function Inbox({ appId }: { appId: string }) {
  const { data: app } = useApp(appId);
  const { items, error, isLoading, hasMore, loadMore, loadingMore, mutate } = useInbox(appId);
  return (
    <Card>
      <CardHeader
        title={<span className="flex items-center gap-2">Inspector inbox <span className="inline-flex items-center gap-1.5 text-xs font-normal text-emerald-700"><span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden />Live</span></span>}
        description="What arrived at this app's inspector address, newest first. The page updates by itself."
      />
      {app && (
        <div className="border-b border-slate-100 px-5 py-3">
          <p className="mb-1.5 text-xs font-medium text-slate-500">Inspector address: use it as callbackUrl</p>
          <CopyField value={app.inspectorUrl} what="inspector address" />
        </div>
      )}
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={3} />}
      {!isLoading && !error && items.length === 0 && (
        <EmptyState title="Nothing received yet">
          Send a call with this app&apos;s inspector address as callbackUrl (or POST anything to it). What arrives shows up here within a few seconds.
        </EmptyState>
      )}
      {items.length > 0 && (
        <div aria-label="Received deliveries" role="list">
          {items.map((e) => <div role="listitem" key={e.id}><Entry e={e} /></div>)}
        </div>
      )}
      <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
    </Card>
  );
}
