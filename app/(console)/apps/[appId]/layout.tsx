import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AppTabs } from "@/components/console/app-tabs";
import { ExplanationsProvider } from "@/components/console/explain";
import { explanations } from "@/lib/docs/explain";
import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/empty";
import { requireOwnedApp } from "@/lib/auth/session";
import { ExpiresBadge } from "@/components/console/expiry";
import { getApp } from "@/lib/services/apps";
import { refusal } from "@/lib/services/access";
import { PermissionsProvider } from "@/components/console/permission";
import { sentence } from "@/components/ui/error-text";
import { CurrentTeam } from "@/components/console/team-switcher";

/**
 * Every page of an app names it: "Request log · My shop · Svc Sandbox". The
 * overview's title is the default, which the root layout's template ends with
 * "· Svc Sandbox" (e2e/console-layout.ui.spec.ts checks it is said once).
 */
export async function generateMetadata({ params }: { params: Promise<{ appId: string }> }): Promise<Metadata> {
  const { app } = await requireOwnedApp((await params).appId);
  return { title: { default: app.name, template: `%s · ${app.name} · Svc Sandbox` } };
}

export default async function AppLayout({ children, params }: { children: React.ReactNode; params: Promise<{ appId: string }> }) {
  const { app, role, teamName } = await requireOwnedApp((await params).appId);
  // What the reader's role may not do here, in the role rule's words (components/console/permission.tsx).
  const permissions = { "app.write": refusal(role, "app.write"), "app.secret": refusal(role, "app.secret") };
  // A throwaway sandbox sits under its parent (lib/services/sandboxes.ts).
  const parent = app.parentAppId ? await getApp(app.parentAppId) : null;
  return (
    <div className="space-y-6">
      <CurrentTeam id={app.teamId} />
      <div>
        <nav aria-label="Breadcrumb" className="min-w-0 truncate text-sm text-slate-500">
          <Link href={`/apps?team=${app.teamId}`} className="hover:text-slate-800"><span className="sr-only">Team </span><span className="font-medium text-slate-700">{teamName}</span> · Apps</Link> <span aria-hidden>/</span>
          {parent && <> <Link href={`/apps/${parent.id}`} className="hover:text-slate-800">{parent.name}</Link> <span aria-hidden>/</span></>}
        </nav>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 title={app.name} className="min-w-0 truncate text-2xl font-semibold tracking-tight">{app.name}</h1>
          {app.suspended ? <Badge tone="red">Suspended</Badge> : <Badge tone={parent ? "violet" : "green"}>{parent ? "Throwaway sandbox" : "Sandbox"}</Badge>}
          {app.expiresAt && <ExpiresBadge expiresAt={app.expiresAt.toISOString()} />}
        </div>
      </div>
      {parent && (
        <Notice tone="blue">
          A throwaway sandbox of <Link className="font-medium underline" href={`/apps/${parent.id}`}>{parent.name}</Link>, made for one test run: its
          subscriptions, settings and test numbers were copied, its requests, callbacks and inbox are its own. When it expires its keys stop
          working and it is deleted with all its data.
        </Notice>
      )}
      {app.suspended && (
        <Notice>
          An operator suspended this app: every gateway call answers 403 <code className="font-mono">APP_SUSPENDED</code> until it is resumed.
        </Notice>
      )}
      {permissions["app.write"] && (
        <Notice tone="blue">
          Read only: your role in {teamName} is {role}. {sentence(permissions["app.write"])}. Ask an owner of the team for the developer role to change it.
        </Notice>
      )}
      <AppTabs appId={app.id} />
      <PermissionsProvider value={permissions}>
        <ExplanationsProvider value={explanations()}>{children}</ExplanationsProvider>
      </PermissionsProvider>
    </div>
  );
}
