"use client";
// The Apps page: one team's apps (`current`, from ?team=) or every team's, each
// under its team. A new app goes into the current team, else the account's
// own; a team whose role may not make one says why (the role rule's words,
// handed down by the page) instead of offering the form.
import Link from "@/components/ui/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import type { AppView } from "@/lib/auth/views";
import { CreateAppForm } from "./create-app-form";
import { useApps } from "./hooks";
import { reasonText } from "./permission";
import { teamAppsHref } from "./team-switcher";

type Team = { teamId: string; name: string; role: string; personal: boolean; refusal: string | null };

function AppCards({ apps, label }: { apps: AppView[]; label: string }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {apps.map((a) => (
        <li key={a.id} className="min-w-0">
          <Link
            href={`/apps/${a.id}`}
            className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition hover:border-slate-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <div className="flex items-start justify-between gap-2">
              <Truncated value={a.name} className="font-medium text-slate-900" />
              {a.suspended && <Badge tone="red">Suspended</Badge>}
            </div>
            <p className="mt-1 truncate font-mono text-xs text-slate-500">{a.id}</p>
            <p className="mt-3 text-xs text-slate-500">Created <LocalTime value={a.createdAt} /></p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const teamLink = "font-medium text-slate-700 underline underline-offset-2";

export function AppsList({ callbackNote, teams, current }: { callbackNote: string; teams: Team[]; current: string | null }) {
  const { data: all, error, isLoading, mutate } = useApps();
  const [creating, setCreating] = useState(false);
  const team = teams.find((t) => t.teamId === current) ?? null;
  // Where a new app goes: the team shown, else the account's own.
  const target = team ?? teams.find((t) => t.personal) ?? teams[0];
  const apps = all && (team ? all.filter((a) => a.teamId === team.teamId) : all);
  const showForm = !target?.refusal && (creating || apps?.length === 0);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{team ? `Apps of ${team.name}` : "Apps"}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {team ? (
              <>
                This team&apos;s apps; your role here: <Badge tone="neutral">{team.role}</Badge>{" "}
                <Link href={`/teams/${team.teamId}`} className={teamLink}>Members</Link>{" · "}
                <Link href={`/teams/${team.teamId}/audit`} className={teamLink}>Audit log</Link>{" · "}
                <Link href="/apps" className={teamLink}>Every team&apos;s apps</Link>
              </>
            ) : (
              <>Each app has its own keys, subscriptions, callbacks and request log, and belongs to a team: pick one under its name, or in the switcher at the top.</>
            )}
          </p>
        </div>
        {!showForm && !target?.refusal && <Button onClick={() => setCreating(true)}>New app</Button>}
      </div>
      {target?.refusal && (
        <p className="text-sm text-slate-600">{reasonText(target.refusal)} Ask an owner of {target.name} for the developer role to make apps here.</p>
      )}
      {showForm && target && (
        <Card>
          <CardBody>
            <h2 className="mb-4 text-base font-semibold">{apps?.length === 0 ? "Create your first app" : "New app"}<span className="font-normal text-slate-600"> in {target.name}</span></h2>
            <CreateAppForm teamId={target.teamId} onCancel={apps?.length ? () => setCreating(false) : undefined} callbackNote={callbackNote} />
          </CardBody>
        </Card>
      )}
      {error && <ErrorNote error={error} onRetry={() => mutate()} />}
      {isLoading && <Card><SkeletonRows rows={3} /></Card>}
      {apps?.length === 0 && (
        <Card>
          <EmptyState title="No apps yet">
            {target?.refusal
              ? "When a developer or an owner of this team makes an app, it is listed here."
              : "An app holds your key pairs and subscriptions. Create one above, then add a key pair and subscribe to Payments to make your first call."}
          </EmptyState>
        </Card>
      )}
      {apps && apps.length > 0 && team && <AppCards apps={apps} label={`Apps of ${team.name}`} />}
      {/* One team (an account that joined none): its apps, without a heading for it. */}
      {apps && apps.length > 0 && !team && teams.length === 1 && <AppCards apps={apps} label="Your apps" />}
      {apps && apps.length > 0 && !team && teams.length > 1 && teams.map((t) => {
        const own = apps.filter((a) => a.teamId === t.teamId);
        return (
          <section key={t.teamId} aria-labelledby={`team-${t.teamId}`} className="space-y-3">
            <h2 id={`team-${t.teamId}`} className="flex min-w-0 items-center gap-2 text-base font-semibold">
              <Link href={teamAppsHref(t.teamId)} className="truncate hover:underline">{t.name}</Link>
              <Badge tone="neutral">{t.role}</Badge>
            </h2>
            {own.length > 0
              ? <AppCards apps={own} label={`Apps of ${t.name}`} />
              : <p className="text-sm text-slate-500">No apps in this team yet.</p>}
          </section>
        );
      })}
    </div>
  );
}
