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
import { appUrl, send } from "./api";
import { useApp, useKeys } from "./hooks";
import { NewKeyPair, type CreatedPair } from "./new-key-pair";

export function KeysPanel({ appId }: { appId: string }) {
  const { data: keys, error, isLoading, mutate } = useKeys(appId);
  const { data: app } = useApp(appId);
  const [created, setCreated] = useState<CreatedPair | null>(null);
  const [busy, setBusy] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const create = async () => {
    setBusy(true);
    setCreateError(null);
    try {
      setCreated(await send<CreatedPair>("POST", appUrl(appId, "/keys")));
      await mutate();
    } catch (e) {
      setCreateError(e instanceof Error ? e.message : "The key pair was not created.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      {created && app && <NewKeyPair pair={created} baseUrl={app.baseUrl} onDone={() => setCreated(null)} />}
      {createError && <ErrorNote>{createError}</ErrorNote>}
      <Card>
        <CardHeader
          title="Key pairs"
          description="Exchange a key and secret for a one-hour access token. Revoking a pair stops it and its tokens at once."
          actions={<Button onClick={create} busy={busy}>Create key pair</Button>}
        />
        {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
        {isLoading && <SkeletonRows />}
        {keys?.length === 0 && (
          <EmptyState title="No key pairs yet">Create a key pair to fetch an access token and start calling the sandbox.</EmptyState>
        )}
        {keys && keys.length > 0 && (
          <Table label="Key pairs">
            <thead>
              <tr><Th>Consumer key</Th><Th wide>Created</Th><Th wide>Last used</Th><Th>Status</Th><Th className="text-right"><span className="sr-only">Actions</span></Th></tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <Tr key={k.id}>
                  <Td className="max-w-[9rem] font-mono text-xs break-all whitespace-normal sm:max-w-none">{k.consumerKey}</Td>
                  <Td wide><LocalTime value={k.createdAt} /></Td>
                  <Td wide>{k.lastUsedAt ? <LocalTime value={k.lastUsedAt} /> : <span className="text-slate-600">Never</span>}</Td>
                  <Td>
                    {k.revokedAt ? <Badge tone="neutral">Revoked <LocalTime value={k.revokedAt} /></Badge> : <Badge tone="green">Active</Badge>}
                  </Td>
                  <Td className="text-right">
                    {!k.revokedAt && (
                      <ConfirmButton
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
                      </ConfirmButton>
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
