"use client";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import { CreateAppForm } from "./create-app-form";
import { useApps } from "./hooks";

export function AppsList({ callbackNote }: { callbackNote: string }) {
  const { data: apps, error, isLoading, mutate } = useApps();
  const [creating, setCreating] = useState(false);
  const showForm = creating || apps?.length === 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Apps</h1>
          <p className="mt-1 text-sm text-slate-500">
            Each app has its own keys, subscriptions, callbacks and request log; it belongs to a team.{" "}
            <Link href="/teams" className="font-medium text-slate-700 underline underline-offset-2">Your teams and their members</Link>
          </p>
        </div>
        {!showForm && <Button onClick={() => setCreating(true)}>New app</Button>}
      </div>
      {showForm && (
        <Card>
          <CardBody>
            <h2 className="mb-4 text-base font-semibold">{apps?.length === 0 ? "Create your first app" : "New app"}</h2>
            <CreateAppForm onCancel={apps?.length ? () => setCreating(false) : undefined} callbackNote={callbackNote} />
          </CardBody>
        </Card>
      )}
      {error && <ErrorNote error={error} onRetry={() => mutate()} />}
      {isLoading && <Card><SkeletonRows rows={3} /></Card>}
      {apps?.length === 0 && (
        <Card>
          <EmptyState title="No apps yet">
            An app holds your key pairs and subscriptions. Create one above, then add a key pair and subscribe to Payments to make your first call.
          </EmptyState>
        </Card>
      )}
      {apps && apps.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your apps">
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
                <p className="mt-1 truncate text-xs text-slate-600">Team: {a.teamName}</p>
                <p className="mt-3 text-xs text-slate-500">Created <LocalTime value={a.createdAt} /></p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
