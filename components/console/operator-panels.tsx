"use client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import { send } from "./api";
import { useAllApps, usePendingReviews, type Review } from "./hooks";

function Decide({ r, onDone }: { r: Review; onDone: () => Promise<unknown> }) {
  const decide = (approve: boolean) => async (reason: string) => {
    await send("POST", "/api/console/operator/reviews", { appId: r.appId, group: r.group, approve, reason: reason || undefined });
    await onDone();
  };
  const what = `${r.group} for ${r.app.name}`;
  return (
    <div className="flex justify-end gap-2">
      <ConfirmButton
        trigger="Approve" triggerLabel={`Approve ${what}`} variant="primary" title={`Approve ${what}?`} confirmLabel="Approve"
        reason={{ label: "Note to the owner" }} onConfirm={decide(true)}
      >
        The app&apos;s {r.group} calls work at once. The owner sees your note on the Subscriptions page.
      </ConfirmButton>
      <ConfirmButton
        trigger="Reject" triggerLabel={`Reject ${what}`} title={`Reject ${what}?`} confirmLabel="Reject"
        reason={{ label: "Reason", required: true }} onConfirm={decide(false)}
      >
        Its {r.group} calls answer 403 <code className="font-mono">NOT_SUBSCRIBED</code>. The owner sees your reason and can ask for review again.
      </ConfirmButton>
    </div>
  );
}

export function PendingReviews() {
  const { data, error, isLoading, mutate } = usePendingReviews();
  return (
    <Card>
      <CardHeader title="Waiting for review" description="Subscriptions to groups that move money. Approving makes them work at once." />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows />}
      {data?.length === 0 && <EmptyState title="Nothing waits for review">New Treasury subscriptions will show up here.</EmptyState>}
      {data && data.length > 0 && (
        <Table label="Pending reviews">
          <thead><tr><Th>App</Th><Th wide>Team</Th><Th>Group</Th><Th wide>Asked</Th><Th className="text-right"><span className="sr-only">Decision</span></Th></tr></thead>
          <tbody>
            {data.map((r) => (
              <Tr key={`${r.appId}/${r.group}`}>
                <Td><Truncated value={r.app.name} className="max-w-[7rem] font-medium text-slate-900 sm:max-w-[14rem] lg:max-w-[20rem]" /><Truncated value={r.appId} className="hidden font-mono text-xs text-slate-600 sm:block sm:max-w-[14rem]" /></Td>
                <Td wide>{r.app.team.name}</Td>
                <Td>{r.group}</Td>
                <Td wide><LocalTime value={r.createdAt} /></Td>
                <Td><Decide r={r} onDone={() => mutate()} /></Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function ResumeButton({ name, onResume }: { name: string; onResume: () => Promise<void> }) {
  const resume = useFormAction(onResume);
  return (
    <>
      <Button size="sm" variant="secondary" busy={resume.pending} onClick={() => void resume.run()} aria-label={`Resume ${name}`}>Resume</Button>
      <FormMessage error={resume.error} className="mt-1 whitespace-normal" />
    </>
  );
}

export function AllApps() {
  const { data, error, isLoading, mutate } = useAllApps();
  const setSuspended = async (appId: string, suspended: boolean) => {
    await send("PATCH", `/api/console/operator/apps/${encodeURIComponent(appId)}`, { suspended });
    await mutate();
  };
  return (
    <Card>
      <CardHeader title="All apps" description="Every app in the sandbox, newest first. A suspended app's calls answer 403 APP_SUSPENDED." />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows />}
      {data?.length === 0 && <EmptyState title="No apps yet" />}
      {data && data.length > 0 && (
        <Table label="All apps">
          <thead><tr><Th>App</Th><Th wide>Team</Th><Th wide>Created</Th><Th>Status</Th><Th className="text-right"><span className="sr-only">Actions</span></Th></tr></thead>
          <tbody>
            {data.map((a) => (
              <Tr key={a.id}>
                <Td>
                  <Truncated value={a.name} className="max-w-[7rem] font-medium text-slate-900 sm:max-w-[14rem] lg:max-w-[20rem]" />
                  <Truncated value={a.id} className="hidden font-mono text-xs text-slate-600 sm:block sm:max-w-[14rem]" />
                  {a.parentAppId && <Badge tone="violet" className="mt-1" title={`Made by ${a.parentAppId}; deleted with its data when it ends`}>Throwaway sandbox</Badge>}
                </Td>
                <Td wide>{a.team}</Td>
                <Td wide><LocalTime value={a.createdAt} /></Td>
                <Td>{a.suspended ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>}</Td>
                <Td className="text-right">
                  {a.suspended ? (
                    <ResumeButton name={a.name} onResume={() => setSuspended(a.id, false)} />
                  ) : (
                    <ConfirmButton trigger="Suspend" triggerLabel={`Suspend ${a.name}`} title={`Suspend ${a.name}?`} confirmLabel="Suspend app" onConfirm={() => setSuspended(a.id, true)}>
                      Every gateway call of this app will answer 403 APP_SUSPENDED until you resume it. Its owner sees it marked suspended.
                    </ConfirmButton>
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
