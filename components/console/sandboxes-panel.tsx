"use client";
// The parent app's throwaway sandboxes (lib/services/sandboxes.ts): each
// counted down to its end, each deletable; how a CI job makes one.
import Link from "next/link";
import { mutate } from "swr";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { Snippet } from "@/components/docs/snippet";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { appUrl, send } from "./api";
import { ExpiresIn, useSecondTick } from "./expiry";
import { useSandboxes } from "./hooks";

const HOW = [
  "# in a CI job, with this app's keys in SANDBOX_URL, SANDBOX_KEY and SANDBOX_SECRET:",
  'eval "$(node sandbox.mjs sandbox create --ttl 15m --env)"',
  "# from here on SANDBOX_KEY and SANDBOX_SECRET are the sandbox's own",
].join("\n");

export function SandboxesPanel({ appId }: { appId: string }) {
  const { data, error, isLoading, mutate: reload } = useSandboxes(appId);
  const now = useSecondTick();
  const live = data?.sandboxes.filter((s) => now === null || Date.parse(s.expiresAt) > now) ?? [];
  return (
    <Card>
      <CardHeader
        title="Throwaway sandboxes"
        description="Apps made from this one for a single test run: its subscriptions, settings, test numbers and limit, with data of their own. Each is deleted with all its data when it expires."
        actions={data && <span className="text-sm text-slate-500">{live.length} live · at most {data.limit}</span>}
      />
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
                  <Link className="font-medium text-indigo-700 hover:underline" href={`/apps/${s.appId}`}>{s.name}</Link>
                </Td>
                <Td wide className="font-mono text-xs">{s.appId}</Td>
                <Td className="tabular-nums"><ExpiresIn expiresAt={s.expiresAt} now={now} short /></Td>
                <Td className="text-right">
                  <ConfirmButton
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
                  </ConfirmButton>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <CardBody className={live.length > 0 ? "border-t border-slate-100" : undefined}>
        {data && live.length === 0 && <p className="mb-3 text-sm text-slate-600">No live sandboxes. A CI job makes its own with one call:</p>}
        <Snippet code={HOW} title="Shell, Node 18+" />
        <p className="mt-2 text-sm text-slate-600">
          Or <code className="font-mono text-xs">POST /dev/v1/sandboxes</code> with this app&apos;s token.{" "}
          <Link className="font-medium text-indigo-700 underline" href="/docs/testing#sandboxes">How CI jobs use them</Link>
        </p>
      </CardBody>
    </Card>
  );
}
