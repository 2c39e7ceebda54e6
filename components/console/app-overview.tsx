"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { mutate } from "swr";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { CopyField } from "@/components/ui/copy-button";
import { Snippet } from "@/components/docs/snippet";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { appUrl, send } from "./api";
import { CallbackUrlForm } from "./callback-url-form";
import { RenameApp } from "./rename-app";
import { ResetApp } from "./reset-app";
import { SandboxesPanel } from "./sandboxes-panel";
import { UsagePanel } from "./usage-panel";
import { FloatPanel } from "./float-panel";
import { useApp } from "./hooks";
import { SigningSecret } from "./signing-secret";
import { Writes } from "./permission";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** `sandbox.mjs listen`: the exact commands, keys from the environment (docs: /docs/listen). */
function ListenCard({ inspectorUrl }: { inspectorUrl: string }) {
  const origin = new URL(inspectorUrl).origin;
  const command = [
    `curl -fsSO ${origin}/cli/sandbox.mjs`,
    `export SANDBOX_URL=${origin} SANDBOX_KEY=<consumer key> SANDBOX_SECRET=<consumer secret>`,
    "node sandbox.mjs listen --forward-to http://localhost:8080/callbacks",
  ].join("\n");
  return (
    <Card>
      <CardHeader
        title="Receive callbacks on localhost"
        description="Use the inspector address as callbackUrl and relay what reaches it to your own server: same body, same signature headers, no tunnel. Nothing is lost while the listener is off."
      />
      <CardBody>
        <Snippet code={command} title="Node 18+, keys from the Keys tab" />
        <p className="mt-2 text-sm text-slate-600">
          Your server&apos;s answers show in the Inspector tab and on each callback.{" "}
          <a className="font-medium text-indigo-700 underline" href="/cli/sandbox.mjs" download="sandbox.mjs">Download sandbox.mjs</a>{" · "}
          <Link className="font-medium text-indigo-700 underline" href="/docs/listen">How it works</Link>
        </p>
      </CardBody>
    </Card>
  );
}

export function AppOverview({ appId, callbackNote }: { appId: string; callbackNote: string }) {
  const router = useRouter();
  const { data: app, error, isLoading, mutate: reload } = useApp(appId);
  if (error) return <ErrorNote error={error} onRetry={() => reload()} />;
  if (isLoading || !app) return <Card><SkeletonRows rows={5} /></Card>;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="App details" description="Use the inspector address as callbackUrl to see callbacks without a server of your own." />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            <Row label="Name"><Writes><RenameApp app={app} /></Writes></Row>
            <Row label="App id"><CopyField value={app.id} what="app id" /></Row>
            <Row label="Inspector address"><CopyField value={app.inspectorUrl} what="inspector address" /></Row>
            <Row label="Callback signing secret">
              <SigningSecret appId={app.id} />
              <p className="mt-1.5 text-xs text-slate-500">
                Every callback carries <code className="font-mono">x-svc-signature: t=…,v1=…</code>, an HMAC-SHA256 of <code className="font-mono">&lt;t&gt;.&lt;body&gt;</code> with this secret,
                and the Standard Webhooks headers <code className="font-mono">webhook-id</code>, <code className="font-mono">webhook-timestamp</code>, <code className="font-mono">webhook-signature</code>: any Standard Webhooks library verifies them with this secret as it is.
              </p>
            </Row>
            <Row label="Rate limit">{app.perMinute} calls per minute{app.perMinute === app.planPerMinute ? " (Sandbox plan)" : ` (set by an operator; the Sandbox plan has ${app.planPerMinute})`}</Row>
            <Row label="Created"><LocalTime value={app.createdAt} /></Row>
            {app.expiresAt && <Row label="Expires"><LocalTime value={app.expiresAt} /> (then deleted with all its data)</Row>}
          </dl>
        </CardBody>
      </Card>
      <UsagePanel appId={app.id} />
      <FloatPanel appId={app.id} />
      {!app.parentAppId && <SandboxesPanel appId={app.id} />}
      <Card>
        <CardHeader title="Callbacks" />
        <CardBody><Writes note><CallbackUrlForm app={app} callbackNote={callbackNote} /></Writes></CardBody>
      </Card>
      <ListenCard inspectorUrl={app.inspectorUrl} />
      <Writes><ResetApp appId={app.id} name={app.name} /></Writes>
      <Card className="border-red-200">
        <CardHeader
          title="Delete this app"
          description="Its key pairs stop working at once; its request log, callbacks and inbox are deleted."
          actions={
            <Writes><ConfirmButton
              trigger="Delete app"
              title={`Delete ${app.name}?`}
              confirmLabel="Delete app"
              onConfirm={async () => {
                await send("DELETE", appUrl(app.id));
                await mutate("/api/console/apps");
                router.push(app.parentAppId ? `/apps/${app.parentAppId}` : "/apps");
              }}
            >
              This cannot be undone. Calls made with this app&apos;s keys will answer 401 from now on.
            </ConfirmButton></Writes>
          }
        />
      </Card>
    </div>
  );
}
