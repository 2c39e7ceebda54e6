"use client";
// The Go-live tab's client checks (lib/activity/client-checks.ts, read with the
// readiness: GET …/readiness clientChecks): what the app's client did after
// each fault injected on purpose, the verdict, why and what to do when it
// failed, the calls judged (links to the request log) and the docs.
import Link from "@/components/ui/link";
import { Badge, type Tone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import type { ClientCheck, ClientCheckName } from "@/lib/activity/client-checks";
import { useReadiness } from "./hooks";

const VERDICT: Record<ClientCheck["status"], [string, Tone]> = {
  PASSED: ["Passed", "green"],
  FAILED: ["Failed", "red"],
  NOT_EXERCISED: ["Not exercised", "neutral"],
};

/** What each check asks of the client, as a heading. */
const TITLE: Record<ClientCheckName, string> = {
  retry_reuses_reference: "A retry after a lost answer reuses the reference",
  honours_retry_after: "Retry-After is honoured after a 503 or 429",
  renews_expired_token: "An expired token is renewed, not sent again",
  polls_after_lost_callback: "A missing callback is followed by a status read",
};

function Check({ appId, c }: { appId: string; c: ClientCheck }) {
  const [label, tone] = VERDICT[c.status];
  return (
    <li className="space-y-2 px-5 py-3" data-check={c.name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={tone}>{label}</Badge>
        <span className="text-sm font-medium text-slate-900">{TITLE[c.name]}</span>
        <code className="font-mono text-xs text-slate-500 sm:ml-auto">{c.name}</code>
      </div>
      {c.why && (
        <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p><span className="font-semibold">Why: </span>{c.why}</p>
          {c.hint && <p className="mt-1"><span className="font-semibold">What to do: </span>{c.hint}</p>}
        </div>
      )}
      {c.status === "NOT_EXERCISED" && (
        <p className="text-sm text-slate-600">Not rehearsed yet: send the faults it is about with <code className="font-mono">X-Svc-Fault</code> (or a fault plan), then run your client.</p>
      )}
      {c.requestIds.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span className="text-slate-600">Calls judged:</span>
          {c.requestIds.map((id) => <Link key={id} href={`/apps/${appId}/requests/${id}`} className="font-mono text-indigo-700 hover:underline">{id}</Link>)}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <span className="text-slate-600">Docs:</span>
        {c.links.map((l) => <a key={l.url} href={l.url} className="font-medium text-indigo-700 underline">{l.label}</a>)}
      </p>
    </li>
  );
}

export function ClientChecks({ appId }: { appId: string }) {
  const { data, error, isLoading, mutate } = useReadiness(appId);
  return (
    <Card>
      <CardHeader
        title="Client checks"
        description={<>How your client handled the faults you injected with <code className="font-mono">X-Svc-Fault</code>: a lost answer, a 503 or 429 with Retry-After, an expired token, a callback that never came. Judged from the request log as you call.</>}
      />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={4} />}
      {data && (
        <ol className="divide-y divide-slate-100" aria-label="Client checks">
          {data.clientChecks.map((c) => <Check key={c.name} appId={appId} c={c} />)}
        </ol>
      )}
    </Card>
  );
}
