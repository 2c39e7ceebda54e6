"use client";
// The parent app's throwaway sandboxes (lib/services/sandboxes.ts): one made
// here (name and lifetime, POST …/sandboxes: the developer endpoint's body and
// service), its secrets shown once; each counted down to its end, each
// deletable; how a CI job makes one.
import Link from "@/components/ui/link";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { Snippet } from "@/components/docs/snippet";
import { ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Field, Input, Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { appUrl, send } from "./api";
import { ExpiresIn, useSecondTick } from "./expiry";
import { useSandboxes } from "./hooks";
import { ShownOnce, reloadedOrLate } from "./shown-once";
import { Writes } from "./permission";

/** What POST …/sandboxes answers: the only time the secrets are shown. */
type MadeSandbox = { appId: string; name: string; consumerKey: string; consumerSecret: string; signingSecret: string; inspectorUrl: string; expiresAt: string };

/** The lifetimes offered, in seconds (the endpoint takes 10 s to 24 h; a CI job picks its own with --ttl). */
const LIFETIMES: [label: string, seconds: number][] = [["15 minutes", 900], ["1 hour", 3600], ["4 hours", 14_400], ["24 hours", 86_400]];

/** The sandbox's table row link: the keyboard's place once its secrets are dismissed. */
const rowLinkId = (appId: string) => `sandbox-link-${appId}`;

function NewSandbox({ made, onDone }: { made: MadeSandbox; onDone: () => void }) {
  const origin = new URL(made.inspectorUrl).origin; // the portal's public origin, as SANDBOX_URL wants it
  // The lines `sandbox.mjs sandbox create --env` prints, for a shell or a CI job's secrets.
  const env = [
    ["SANDBOX_URL", origin], ["SANDBOX_KEY", made.consumerKey], ["SANDBOX_SECRET", made.consumerSecret], ["SANDBOX_APP_ID", made.appId],
    ["SANDBOX_SIGNING_SECRET", made.signingSecret], ["SANDBOX_INSPECTOR_URL", made.inspectorUrl], ["SANDBOX_EXPIRES_AT", made.expiresAt],
  ].map(([k, v]) => `export ${k}=${v}`).join("\n");
  return (
    <ShownOnce
      title="Your new sandbox"
      warning={<><strong>Copy its secrets now.</strong> This is the only time they are shown; the sandbox keeps only a hash of the consumer secret. It is deleted with all its data when it expires.</>}
      values={[
        { label: "Consumer key", value: made.consumerKey, what: "consumer key" },
        { label: "Consumer secret", value: made.consumerSecret, what: "consumer secret" },
        { label: "Signing secret", value: made.signingSecret, what: "signing secret" },
        { label: "Inspector address", value: made.inspectorUrl, what: "inspector address" },
      ]}
      done="I have saved the secrets"
      onDone={onDone}
      then={() => document.getElementById(rowLinkId(made.appId))}
    >
      <div>
        <dt className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">As shell variables</dt>
        <dd data-testid="sandbox-env"><Snippet code={env} title="Shell" wrap /></dd>
      </div>
    </ShownOnce>
  );
}

/** Name and lifetime; the route answers the developer endpoint's refusals (bounds, per-minute limit, live maximum). */
function MakeSandbox({ appId, onMade }: { appId: string; onMade: (made: MadeSandbox) => void }) {
  const [name, setName] = useState("");
  const [ttl, setTtl] = useState(String(3600));
  const make = useFormAction(async () => {
    const made = await send<MadeSandbox>("POST", appUrl(appId, "/sandboxes"), { ttlSeconds: Number(ttl), ...(name.trim() ? { name } : {}) });
    setName("");
    await reloadedOrLate(mutate(appUrl(appId, "/sandboxes"))); // its row is there when the secrets are dismissed
    onMade(made);
  }, ["name", "ttlSeconds"]);
  return (
    <form aria-label="Make a throwaway sandbox" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start" {...make.form}>
      <Field label="Name (optional)" hint="Default: this app's name + “sandbox”." error={make.fieldError("name")}>
        {(p) => <Input {...p} name="name" value={name} maxLength={64} placeholder="e.g. checkout-e2e" autoComplete="off" onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Lifetime" error={make.fieldError("ttlSeconds")}>
        {(p) => (
          <Select {...p} name="ttlSeconds" value={ttl} onChange={(e) => setTtl(e.target.value)}>
            {LIFETIMES.map(([label, seconds]) => <option key={seconds} value={seconds}>{label}</option>)}
          </Select>
        )}
      </Field>
      <Button type="submit" busy={make.pending} className="sm:mt-7">Make sandbox</Button>
      <FormMessage error={make.error} className="sm:col-span-3" />
    </form>
  );
}

const HOW = [
  "# in a CI job, with this app's keys in SANDBOX_URL, SANDBOX_KEY and SANDBOX_SECRET:",
  'eval "$(node sandbox.mjs sandbox create --ttl 15m --env)"',
  "# from here on SANDBOX_KEY and SANDBOX_SECRET are the sandbox's own",
].join("\n");

export function SandboxesPanel({ appId }: { appId: string }) {
  const { data, error, isLoading, mutate: reload } = useSandboxes(appId);
  const [made, setMade] = useState<MadeSandbox | null>(null);
  const now = useSecondTick();
  const live = data?.sandboxes.filter((s) => now === null || Date.parse(s.expiresAt) > now) ?? [];
  return (
    <div className="space-y-6">
    {made && <NewSandbox key={made.appId} made={made} onDone={() => setMade(null)} />}
    <Card>
      <CardHeader
        title="Throwaway sandboxes"
        description="Apps made from this one for a single test run: its subscriptions, settings, test numbers and limit, with data of their own. Each is deleted with all its data when it expires."
        actions={data && <span className="text-sm text-slate-500">{live.length} live · at most {data.limit}</span>}
      />
      <CardBody className="border-b border-slate-100"><Writes note><MakeSandbox appId={appId} onMade={setMade} /></Writes></CardBody>
      {error && <CardBody><ErrorNote error={error} onRetry={() => reload()} /></CardBody>}
      {isLoading && <SkeletonRows rows={2} />}
      {data && live.length > 0 && (
        <Table label="Live throwaway sandboxes">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th wide>App id</Th>
              <Th>Expires</Th>
              <Th><span className="sr-only">Actions</span></Th>
            </tr>
          </thead>
          <tbody>
            {live.map((s) => (
              <Tr key={s.appId}>
                <Td className="max-w-[10rem] truncate sm:max-w-xs">
                  <Link id={rowLinkId(s.appId)} className="font-medium text-indigo-700 hover:underline" href={`/apps/${s.appId}`}>{s.name}</Link>
                </Td>
                <Td wide className="font-mono text-xs">{s.appId}</Td>
                <Td className="tabular-nums"><ExpiresIn expiresAt={s.expiresAt} now={now} short /></Td>
                <Td className="text-right">
                  <Writes><ConfirmButton
                    trigger="Delete"
                    triggerLabel={`Delete ${s.name}`}
                    title={`Delete ${s.name}?`}
                    confirmLabel="Delete sandbox"
                    onConfirm={async () => {
                      await send("DELETE", appUrl(appId, `/sandboxes/${encodeURIComponent(s.appId)}`));
                      await mutate(appUrl(appId, "/sandboxes"));
                    }}
                  >
                    Its keys stop working at once, and it is deleted with its request log, callbacks and inbox within a minute.
                  </ConfirmButton></Writes>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <CardBody className={live.length > 0 ? "border-t border-slate-100" : undefined}>
        {data && live.length === 0 && <p className="mb-3 text-sm text-slate-600">No live sandboxes. Make one above, or let a CI job make its own with one call:</p>}
        <Snippet code={HOW} title="Shell, Node 18+" />
        <p className="mt-2 text-sm text-slate-600">
          Or <code className="font-mono text-xs">POST /dev/v1/sandboxes</code> with this app&apos;s token.{" "}
          <Link className="font-medium text-indigo-700 underline" href="/docs/testing#sandboxes">How CI jobs use them</Link>
        </p>
      </CardBody>
    </Card>
    </div>
  );
}
