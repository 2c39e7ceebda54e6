"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Input } from "@/components/ui/input";
import { Truncated } from "@/components/ui/truncate";
import { appUrl, send } from "./api";
import { useApp, useKeys, type KeyPairRow } from "./hooks";
import { NewKeyPair, type CreatedPair } from "./new-key-pair";
import { reloadedOrLate } from "./shown-once";
import { Writes } from "./permission";

/** A key pair's label, edited in place. */
function KeyLabel({ appId, k, onSaved }: { appId: string; k: KeyPairRow; onSaved: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(k.label ?? "");
  const save = useFormAction(async () => {
    await send("PATCH", appUrl(appId, `/keys/${encodeURIComponent(k.consumerKey)}`), { label: value });
    await onSaved();
    setEditing(false);
  });
  if (!editing) {
    return (
      <span className="flex min-w-0 items-center gap-2">
        {k.label ? <Truncated value={k.label} className="max-w-[8rem] font-medium text-slate-900 lg:max-w-[12rem]" /> : <span className="text-slate-600">No label</span>}
        <Writes><Button size="sm" variant="ghost" aria-label={`Edit label of ${k.consumerKey}`} onClick={() => { setValue(k.label ?? ""); setEditing(true); }}>Edit</Button></Writes>
      </span>
    );
  }
  return (
    <form className="flex items-center gap-2" {...save.form}>
      <Input aria-label={`Label of ${k.consumerKey}`} value={value} maxLength={40} onChange={(e) => setValue(e.target.value)} className="h-8 w-40 py-1" autoFocus />
      <Button size="sm" type="submit" busy={save.pending} aria-label="Save label">Save</Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>Cancel</Button>
      <FormMessage error={save.error} />
    </form>
  );
}

/** The actions column: pinned to the table's right edge, so Revoke stays in view when the table is wider than the card. */
const ACTIONS = "sticky right-0 bg-white text-right";

/** The key pairs table's region: the keyboard's place once a new pair's secret is dismissed. */
const LIST_ID = "key-pairs-list";

export function KeysPanel({ appId }: { appId: string }) {
  const { data: keys, error, isLoading, mutate } = useKeys(appId);
  const { data: app } = useApp(appId);
  const [created, setCreated] = useState<CreatedPair | null>(null);
  const [label, setLabel] = useState("");
  const create = useFormAction(async () => {
    const pair = await send<CreatedPair>("POST", appUrl(appId, "/keys"), { label });
    setLabel("");
    // The list holds the new pair before its secret shows, so dismissing it puts the keyboard there
    // (shown first, a quick dismiss found no list yet and the keyboard fell to the page's top).
    // A slow reload does not hold the secret back past 2 s (shown-once.ts reloadedOrLate): it is never shown again.
    await reloadedOrLate(mutate());
    setCreated(pair);
  });

  return (
    <div className="space-y-6">
      {created && app && <NewKeyPair key={created.consumerKey} pair={created} baseUrl={app.baseUrl} onDone={() => setCreated(null)} list={() => document.getElementById(LIST_ID)} />}
      {create.error && <ErrorNote>{create.error}</ErrorNote>}
      <Card>
        <CardHeader
          title="Key pairs"
          description="Exchange a key and secret for a one-hour access token. Revoking a pair stops it and its tokens at once."
          actions={
            <Writes><form className="flex flex-wrap items-center gap-2" {...create.form}>
              <Input aria-label="Label for the new key pair (optional)" placeholder="Label (optional)" value={label} maxLength={40} onChange={(e) => setLabel(e.target.value)} className="h-9 py-1.5 sm:w-44" />
              <Button type="submit" busy={create.pending}>Create key pair</Button>
            </form></Writes>
          }
        />
        {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
        {isLoading && <SkeletonRows />}
        {keys?.length === 0 && (
          <EmptyState title="No key pairs yet">Create a key pair to fetch an access token and start calling the sandbox.</EmptyState>
        )}
        {keys && keys.length > 0 && (
          <Table label="Key pairs" id={LIST_ID}>
            <thead>
              <tr><Th>Consumer key</Th><Th wide>Label</Th><Th wide>Created</Th><Th wide>Last used</Th><Th>Status</Th><Th className="sticky right-0 text-right"><span className="sr-only">Actions</span></Th></tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <Tr key={k.id}>
                  <Td><Truncated value={k.consumerKey} className="max-w-[7rem] font-mono text-xs sm:max-w-none" /></Td>
                  <Td wide><KeyLabel appId={appId} k={k} onSaved={() => mutate()} /></Td>
                  <Td wide><LocalTime value={k.createdAt} /></Td>
                  <Td wide>{k.lastUsedAt ? <LocalTime value={k.lastUsedAt} /> : <span className="text-slate-600">Never</span>}</Td>
                  <Td>
                    {k.revokedAt ? (
                      <>
                        <Badge tone="neutral">Revoked</Badge>
                        <span className="mt-0.5 hidden text-xs text-slate-500 md:block"><LocalTime value={k.revokedAt} /></span>
                      </>
                    ) : <Badge tone="green">Active</Badge>}
                  </Td>
                  <Td className={ACTIONS}>
                    {!k.revokedAt && (
                      <Writes><ConfirmButton
                        trigger="Revoke"
                        triggerLabel={`Revoke ${k.consumerKey}`}
                        title="Revoke this key pair?"
                        confirmLabel="Revoke key pair"
                        onConfirm={async () => {
                          await send("POST", appUrl(appId, `/keys/${encodeURIComponent(k.consumerKey)}/revoke`));
                          await mutate();
                        }}
                      >
                        <code className="font-mono text-xs break-all">{k.consumerKey}</code> stops working at once: new token requests answer 401 <code className="font-mono">INVALID_CLIENT</code> and its tokens answer 401 <code className="font-mono">INVALID_TOKEN</code>.
                      </ConfirmButton></Writes>
                    )}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}
