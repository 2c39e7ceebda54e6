"use client";
import Link from "@/components/ui/link";
import { useState } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder, Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { Segmented, useQueryFilters } from "./filter-bar";
import { useDeliveries } from "./hooks";
import { ReplayFailed } from "./replay-failed";
import { DeliveryBadge, HttpStatus } from "./status";
import { Writes } from "./permission";

const STATES = [
  { value: undefined, label: "All" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
  { value: "not_sent", label: "Not sent" },
  { value: "scheduled", label: "Scheduled" },
] as const;

/** A delivery id, a resource id or a reference is matched whole, anything else also as part of the callback URL (lib/activity/deliveries.ts). */
function Search({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(value);
  return (
    <form role="search" className="flex w-full min-w-0 items-center gap-2 sm:ml-auto sm:w-auto" onSubmit={(e) => { e.preventDefault(); onSearch(text.trim() || undefined); }}>
      <label htmlFor="callback-search" className="sr-only">Search callbacks</label>
      <Input id="callback-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Delivery id, resource id, reference, URL…" className="min-w-0 flex-1 py-1.5 sm:w-72 sm:flex-none" />
      <Button type="submit" variant="secondary">Find</Button>
    </form>
  );
}

export function DeliveriesList({ appId, operations }: { appId: string; operations: { id: string; label: string }[] }) {
  const { values, set, query } = useQueryFilters(["state", "operation", "q"] as const);
  const { items, error, isLoading, hasMore, loadMore, loadingMore, mutate, total, totals } = useDeliveries(appId, values);
  const [replaying, setReplaying] = useState(false);
  const filtered = Boolean(values.state || values.operation || values.q);
  const all = totals && Object.values(totals).reduce((a, b) => a + b, 0);
  const back = query ? `?back=${encodeURIComponent(query)}` : "";
  return (
    <Card>
      <CardHeader
        title="Callbacks"
        description={<>Every callback the sandbox scheduled for this app, newest first. Open one to see what was sent and each attempt.{total !== null && <> <span className="font-medium text-slate-800" data-testid="delivery-total">{total} {total === 1 ? "callback" : "callbacks"}{filtered ? " match" : ""}.</span></>}</>}
        actions={<Segmented label="Filter by status" value={values.state} onChange={(v) => set("state", v)}
          options={STATES.map((o) => ({ ...o, count: totals ? (o.value ? totals[o.value] : all) : null }))} />}
      />
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-3">
        <label className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
          <span className="shrink-0">Operation</span>
          <Select value={values.operation ?? ""} onChange={(e) => set("operation", e.target.value || undefined)} className="py-1.5 sm:w-64">
            <option value="">Any operation</option>
            {operations.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
          </Select>
        </label>
        <Search value={values.q ?? ""} onSearch={(q) => set("q", q)} />
        {!replaying && <Writes><ReplayFailed appId={appId} open={false} onOpen={() => setReplaying(true)} onDone={() => mutate()} onClose={() => setReplaying(false)} /></Writes>}
      </div>
      {replaying && <ReplayFailed appId={appId} open onOpen={() => {}} onDone={() => mutate()} onClose={() => setReplaying(false)} />}
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={4} />}
      {!isLoading && !error && items.length === 0 && (
        <EmptyState title={filtered ? "No callbacks match these filters" : "No callbacks yet"}>
          {filtered
            ? values.q ? "Search by a delivery id, a resource id, a reference or part of the callback URL, or clear a filter." : "Try another filter."
            : "Callbacks appear here when a call schedules one, e.g. a Collect push. Use the app's inspector address as callbackUrl to receive them without a server."}
        </EmptyState>
      )}
      {items.length > 0 && (
        <Table label="Callbacks">
          <thead>
            <tr><Th wide>Time</Th><Th>Operation</Th><Th wide>Address</Th><Th>Status</Th><Th>HTTP</Th><Th wide className="text-right">Attempts</Th></tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <Tr key={d.id} href={`/apps/${appId}/callbacks/${d.id}${back}`}>
                <Td wide><LocalTime value={d.createdAt} /></Td>
                <Td>
                  <Link href={`/apps/${appId}/callbacks/${d.id}${back}`} className="font-medium text-indigo-700 hover:underline">
                    {d.operationId}
                  </Link>
                  <span className="block font-mono text-xs text-slate-600 md:ml-2 md:inline">{d.scenarioKey}</span>
                  <span className="block text-xs text-slate-600 md:hidden"><LocalTime value={d.createdAt} /></span>
                </Td>
                <Td wide className="max-w-72 truncate font-mono text-xs" >{d.url ?? <span className="text-slate-500">none</span>}</Td>
                <Td><DeliveryBadge state={d.state} /></Td>
                <Td><HttpStatus status={d.lastStatus} /></Td>
                <Td wide className="text-right tabular-nums">{d.attempts}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
    </Card>
  );
}
