"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { Input } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { Truncated } from "@/components/ui/truncate";
import { useAllTeams } from "./hooks";

/** Every team with its members and their roles, and its apps; searched by a team's name or a member's email. */
export function AllTeams() {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const { data, error, isLoading, mutate } = useAllTeams(q);
  return (
    <Card>
      <CardHeader title="Teams" description="Every team, newest first, with its members and its apps. Search by a team's name or a member's email." />
      <CardBody>
        <form role="search" className="flex gap-2" onSubmit={(e) => { e.preventDefault(); setQ(text.trim()); }}>
          <label htmlFor="team-search" className="sr-only">Team name or member email</label>
          <Input id="team-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Team name or member email" maxLength={100} />
          <Button type="submit" variant="secondary">Search</Button>
        </form>
      </CardBody>
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows />}
      {data?.teams.length === 0 && <EmptyState title={q ? `No team matches “${q}”` : "No teams yet"} />}
      {data && data.teams.length > 0 && (
        <Table label="Teams">
          <thead><tr><Th>Team</Th><Th>Members</Th><Th wide>Apps</Th></tr></thead>
          <tbody>
            {data.teams.map((t) => (
              <Tr key={t.teamId}>
                <Td className="align-top">
                  <Truncated value={t.name} className="max-w-[8rem] font-medium text-slate-900 sm:max-w-[14rem] lg:max-w-[18rem]" />
                  <Truncated value={t.teamId} className="hidden font-mono text-xs text-slate-600 sm:block sm:max-w-[14rem]" />
                  <span className="block text-xs text-slate-600 md:hidden">{t.apps.length === 1 ? "1 app" : `${t.apps.length} apps`}</span>
                  {t.personal && <Badge className="mt-1" title="Made with its first owner's account">Own team</Badge>}
                </Td>
                <Td className="align-top">
                  <ul className="space-y-0.5">
                    {t.members.map((m) => (
                      <li key={m.userId} className="flex flex-col sm:flex-row sm:items-center sm:gap-2">
                        <Truncated value={m.email} className="max-w-[10rem] sm:max-w-[16rem]" />
                        <span className="text-xs text-slate-600">{m.role}</span>
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td wide className="align-top">
                  {t.apps.length === 0 ? <span className="text-slate-500">None</span> : (
                    <ul className="space-y-0.5">
                      {t.apps.map((a) => (
                        <li key={a.id} className="flex items-center gap-2">
                          <Truncated value={a.name} className="max-w-[14rem]" />
                          {a.suspended && <Badge tone="red">Suspended</Badge>}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
