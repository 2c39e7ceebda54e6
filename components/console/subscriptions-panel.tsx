"use client";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { appUrl, send } from "./api";
import { useSubscriptions, type SubscriptionRow } from "./hooks";
import { SubscriptionBadge } from "./status";
import { Writes } from "./permission";

function GroupCard({ appId, s, onChange }: { appId: string; s: SubscriptionRow; onChange: () => Promise<unknown> }) {
  const add = useFormAction(async () => {
    await send("POST", appUrl(appId, "/subscriptions"), { group: s.group });
    await onChange();
  });
  // Where the keyboard goes once the group is added (its button is gone): what the card now says.
  const result = useRef<HTMLDivElement>(null);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold">{s.group}</h2>
        <SubscriptionBadge status={s.status} />
      </div>
      <p className="mt-1 text-sm text-slate-500">{s.description}</p>
      <div className="mt-4">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Opens</p>
        <ul className="mt-1.5 flex flex-wrap gap-1.5">
          {s.apis.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs text-slate-700">
              {a.name} <span className="text-slate-500">v{a.version}</span>
            </li>
          ))}
        </ul>
      </div>
      <div ref={result} tabIndex={-1} role="group" aria-label={`${s.group} status`} className="mt-auto rounded-sm pt-5 text-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600">
        {s.status === "ACTIVE" && <p className="text-slate-500">Working since <LocalTime value={s.since} />.</p>}
        {s.status === "PENDING" && (
          <div className="space-y-2">
            <p className="text-amber-900">Waiting for an operator&apos;s review. Calls answer 403 <code className="font-mono">SUBSCRIPTION_PENDING</code> until then.</p>
            <Writes><ConfirmButton
              trigger="Withdraw request" triggerLabel={`Withdraw request for ${s.group}`} variant="secondary" title={`Withdraw the ${s.group} request?`} confirmLabel="Withdraw"
              onConfirm={async () => {
                await send("DELETE", appUrl(appId, "/subscriptions"), { group: s.group });
                await onChange();
              }}
            >
              The request leaves the operators&apos; queue; calls answer 403 <code className="font-mono">NOT_SUBSCRIBED</code>. You can ask again at any time.
            </ConfirmButton></Writes>
          </div>
        )}
        {s.status === "REJECTED" && (
          <div className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
            <p className="font-medium">Rejected <LocalTime value={s.reviewedAt} /></p>
            <p className="mt-0.5">{s.reviewNote ? <>Reason: {s.reviewNote}</> : "The operator gave no reason."}</p>
          </div>
        )}
        {s.status === "ACTIVE" && s.reviewNote && <p className="mt-1 text-slate-600">Operator&apos;s note: {s.reviewNote}</p>}
        {(s.status === null || s.status === "REJECTED") && (
          <div className="flex flex-wrap items-center gap-3">
            <Writes><Button
              variant={s.status === null ? "primary" : "secondary"}
              busy={add.pending}
              aria-label={`Add ${s.group} to this app`}
              onClick={async () => {
                if (await add.run()) result.current?.focus();
              }}
            >
              {s.status === "REJECTED" ? "Ask for review again" : `Add ${s.group}`}
            </Button></Writes>
            <span className="text-xs text-slate-500">{s.needsReview ? "Needs an operator's review." : "Works at once."}</span>
          </div>
        )}
        <FormMessage error={add.error} className="mt-2" />
      </div>
    </Card>
  );
}

export function SubscriptionsPanel({ appId }: { appId: string }) {
  const { data, error, isLoading, mutate } = useSubscriptions(appId);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Apps subscribe to groups; each group opens one or more APIs. Payments, Identity and Messaging work at once; Treasury moves money out of your float and waits for an operator&apos;s review.</p>
      {error && <ErrorNote error={error} onRetry={() => mutate()} />}
      {isLoading && <Card><SkeletonRows rows={4} /></Card>}
      {data && (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Groups">
          {data.map((s) => (
            <li key={s.group} className="flex" aria-label={s.group}>
              <div className="flex-1"><GroupCard appId={appId} s={s} onChange={() => mutate()} /></div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
