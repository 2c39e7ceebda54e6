"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { CopyButton, CopyField } from "@/components/ui/copy-button";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { useApp, useInbox, type InboxEntry } from "./hooks";

function Entry({ e, appId, open }: { e: InboxEntry; appId: string; open: boolean }) {
  const delivery = e.headers["x-svc-delivery"];
  return (
    <details open={open || undefined} className="group border-t border-slate-100 first:border-t-0">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="text-slate-500 transition group-open:rotate-90" aria-hidden>▸</span>
        <Badge tone="blue">{e.method}</Badge>
        <span className="text-sm text-slate-700"><LocalTime value={e.receivedAt} /></span>
        <span className="font-mono text-xs text-slate-500">{e.contentType ?? "no content type"}</span>
        {delivery && <span className="font-mono text-xs text-slate-600">{delivery}</span>}
        <span className="ml-auto text-xs text-slate-500">{e.body.length} bytes</span>
      </summary>
      <div className="grid gap-4 px-5 pb-5 lg:grid-cols-2">
        <div className="min-w-0">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Body</h3>
            <CopyButton value={e.body} what="body of this entry" />
          </div>
          <CodeBlock value={e.body} label="Received body" />
          {delivery?.startsWith("dlv_") && (
            <p className="mt-2 text-sm"><Link href={`/apps/${appId}/callbacks/${delivery}`} className="text-indigo-700 hover:underline">The callback that sent this →</Link></p>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Headers</h3>
          <HeaderList headers={e.headers} />
        </div>
      </div>
    </details>
  );
}

export function Inbox({ appId }: { appId: string }) {
  const { data: app } = useApp(appId);
  const delivery = useSearchParams().get("delivery") ?? undefined;
  const { items, error, isLoading, hasMore, loadMore, loadingMore, mutate } = useInbox(appId, delivery);
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
      {delivery && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-5 py-2 text-sm">
          <span>What callback <code className="font-mono text-xs">{delivery}</code> left here</span>
          <Link href={`/apps/${appId}/inspector`} className="font-medium text-indigo-700 hover:underline">Show everything</Link>
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
          {items.map((e) => <div role="listitem" key={e.id}><Entry e={e} appId={appId} open={Boolean(delivery)} /></div>)}
        </div>
      )}
      <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
    </Card>
  );
}
