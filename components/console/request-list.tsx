"use client";
import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder, Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import { CodeWithMeaning } from "./explain";
import { useQueryFilters } from "./filter-bar";
import { useRequests } from "./hooks";
import { RequestFilters, type FilterOptions } from "./request-filters";
import { FaultMark } from "./on-purpose";
import { HttpStatus } from "./status";

const KEYS = ["status", "operation", "scenario", "fault", "requestId", "q", "error", "from", "to"] as const;

/**
 * An error code's or scenario key's cell: a long one breaks over lines rather than widening the
 * table, which fits its card at 1280 px (the call and the request id are cut short, whole on hover).
 */
function LongCode({ children }: { children: React.ReactNode }) {
  return <span className="block max-w-[9rem] whitespace-normal [overflow-wrap:anywhere]">{children}</span>;
}

export function RequestList({ appId, options }: { appId: string; options: FilterOptions }) {
  const { values, set, query } = useQueryFilters(KEYS);
  const { items, error, isLoading, hasMore, loadMore, loadingMore, mutate, isValidating, total } = useRequests(appId, values);
  const filtered = KEYS.some((k) => values[k]);
  const back = query ? `?back=${encodeURIComponent(query)}` : "";
  return (
    <Card>
      <CardHeader
        title="Request log"
        description={<>Every call that passed the token check, newest first, with its request and response. The list updates by itself.{total !== null && <> <span className="font-medium text-slate-800" data-testid="request-total">{total} {total === 1 ? "call" : "calls"}{filtered ? " match" : ""}.</span></>}</>}
        actions={<Button variant="secondary" size="sm" onClick={() => mutate()} busy={isValidating && !isLoading}>Refresh</Button>}
      />
      <RequestFilters values={values} set={set} options={options} />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={5} />}
      {!isLoading && !error && items.length === 0 && (
        <EmptyState title={filtered ? "No calls match these filters" : "No calls yet"}>
          {filtered ? "Clear a filter or search for something else." : "Fetch a token with a key pair and call the sandbox: each call shows up here within a moment."}
        </EmptyState>
      )}
      {items.length > 0 && (
        <Table label="Requests">
          <thead>
            <tr><Th wide>Time</Th><Th>Call</Th><Th>Status</Th><Th wide>Error</Th><Th wide>Scenario</Th><Th wide className="text-right">Duration</Th><Th wide>Request id</Th><Th wide>Via</Th></tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <Tr key={r.seq} href={`/apps/${appId}/requests/${r.requestId}${back}`}>
                <Td wide><LocalTime value={r.createdAt} /></Td>
                <Td className="max-w-[14rem] truncate sm:max-w-56">
                  <Link href={`/apps/${appId}/requests/${r.requestId}${back}`} className="font-mono text-xs text-indigo-700 hover:underline">
                    <span className="font-semibold">{r.method}</span> {r.path}
                  </Link>
                  <span className="block text-xs text-slate-600 md:hidden"><LocalTime value={r.createdAt} /></span>
                  <FaultMark fault={r.fault} className="mt-1 px-2 py-0.5 text-xs whitespace-normal" />
                </Td>
                <Td><HttpStatus status={r.status} /></Td>
                <Td wide><LongCode><CodeWithMeaning code={r.errorCode} /></LongCode></Td>
                <Td wide className="font-mono text-xs"><LongCode>{r.scenarioKey ?? <span className="text-slate-500">—</span>}</LongCode></Td>
                <Td wide className="text-right tabular-nums">
                  {r.durationMs} ms
                  {r.timeScale !== null && r.timeScale !== 1 && <span className="block text-xs text-slate-600" title="Time scale: the scripted delays were multiplied by this">×{r.timeScale}</span>}
                </Td>
                <Td wide className="font-mono text-xs text-slate-600"><Truncated value={r.requestId} className="max-w-[7rem]" /></Td>
                <Td wide><Badge tone={r.via === "mcp" ? "violet" : "neutral"}>{r.via}</Badge></Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
    </Card>
  );
}
