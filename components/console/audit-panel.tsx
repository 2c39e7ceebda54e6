"use client";
// A team's Audit page: who did what, from which address, when, newest first;
// filters by action and by actor kept in the page's address (a filtered view
// can be shared), older entries a page at a time (the route's `next`), and
// the JSON-lines export of what the filters select.
import Link from "@/components/ui/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useRef, useState } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder, Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import { qs } from "./api";
import { type AuditFilterValues, useTeamAudit } from "./hooks";
import { teamAppsHref } from "./team-switcher";

function Choice({ label, value, any, options, onChange }: { label: string; value?: string; any: string; options: string[]; onChange: (v?: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="w-14 shrink-0 sm:w-auto">{label}</label>
      <Select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)} className="min-w-0 flex-1 py-1.5 sm:w-56 sm:flex-none">
        <option value="">{any}</option>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </Select>
    </div>
  );
}

export function AuditPanel({ team, actions, actors }: { team: { id: string; name: string }; actions: string[]; actors: string[] }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // The filters as chosen, at once (two quick changes must not read an address not yet replaced), then in the address.
  const [filters, setFilters] = useState<AuditFilterValues>(() => ({ action: params.get("action") ?? undefined, actor: params.get("actor") ?? undefined }));
  const chosen = useRef(filters);
  const set = (k: keyof AuditFilterValues, v?: string) => {
    chosen.current = { ...chosen.current, [k]: v };
    setFilters(chosen.current);
    router.replace(`${pathname}${qs(chosen.current)}`, { scroll: false });
  };
  const { entries, error, isLoading, hasMore, loadMore, loadingMore, mutate } = useTeamAudit(team.id, filters);
  const exportHref = `/api/console/teams/${encodeURIComponent(team.id)}/audit${qs({ ...filters, format: "jsonl" })}`;
  // An actor named in the address but no longer a member is still offered, so the filter shows what it is.
  const actorOptions = filters.actor && !actors.includes(filters.actor) ? [...actors, filters.actor] : actors;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">Audit log</h1>
          <p className="mt-1 text-sm text-slate-500">
            Every change to <span className="font-medium text-slate-700">{team.name}</span>, its members and its apps, with who made it and from where. Every member reads it.
          </p>
        </div>
        <nav aria-label="This team" className="flex flex-wrap gap-3 text-sm">
          <Link href={teamAppsHref(team.id)} className="font-medium text-indigo-700 underline underline-offset-2">Apps</Link>
          <Link href={`/teams/${team.id}`} className="font-medium text-indigo-700 underline underline-offset-2">Members</Link>
        </nav>
      </div>
      <Card>
        <CardHeader
          title="Entries"
          description="Newest first. Secrets, tokens and passwords are never written here."
          actions={<a href={exportHref} download className="text-sm font-medium text-indigo-700 underline underline-offset-2">Export JSON lines</a>}
        />
        <div role="group" aria-label="Filters" className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Choice label="Action" value={filters.action} any="Any action" options={actions} onChange={(v) => set("action", v)} />
          <Choice label="Actor" value={filters.actor} any="Anyone" options={actorOptions} onChange={(v) => set("actor", v)} />
        </div>
        {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
        {isLoading && <SkeletonRows rows={4} />}
        {!isLoading && !error && entries.length === 0 && (
          <EmptyState title={filters.action || filters.actor ? "No entry matches" : "Nothing recorded yet"}>
            {filters.action || filters.actor ? "Try another action or actor." : "Changes to this team's apps and members are recorded here as they happen."}
          </EmptyState>
        )}
        {entries.length > 0 && (
          <Table label="Audit entries">
            <thead>
              <tr><Th>Time</Th><Th>Action<span className="md:hidden"> · actor</span></Th><Th>Target</Th><Th wide>Actor</Th><Th wide>Address</Th></tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const actor = e.actor?.email ?? e.actor?.userId ?? "the app's keys";
                return (
                  <Tr key={e.id}>
                    <Td className="align-top md:align-middle"><LocalTime value={e.at} /></Td>
                    <Td className="align-top md:align-middle">
                      <span className="font-mono text-xs">{e.action}</span>
                      {/* Below 768 px the actor column is hidden: who did it stays in view under what was done. */}
                      <Truncated value={actor} className="mt-0.5 max-w-[9rem] text-xs text-slate-600 md:hidden" />
                    </Td>
                    <Td className="align-top md:align-middle"><Truncated value={e.target} className="max-w-[7rem] sm:max-w-xs" /></Td>
                    <Td wide><Truncated value={actor} className={`max-w-[14rem] ${e.actor?.email ? "" : "text-slate-600"}`} /></Td>
                    <Td wide className="font-mono text-xs">{e.address ?? "—"}</Td>
                  </Tr>
                );
              })}
            </tbody>
          </Table>
        )}
        <LoadOlder show={hasMore} onClick={loadMore} busy={loadingMore} />
      </Card>
    </div>
  );
}
