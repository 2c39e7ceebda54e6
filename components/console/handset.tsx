"use client";
// The Handset: the app's held prompts, payouts and messages, newest first,
// live, each drawn as the customer's phone shows it (phone.tsx). A button
// resolves it through the console route that calls the developer API's resolve.
import Link from "@/components/ui/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Snippet } from "@/components/docs/snippet";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { appUrl, send } from "./api";
import { useHeld } from "./hooks";
import type { HandsetAnswers } from "@/lib/engine";
import { Phone } from "./phone";
import { Writes } from "./permission";

/**
 * `curl`: the docs' sample that holds a push for this app (lib/docs/curl.ts), shown while nothing is held;
 * `answers`: each held operation's buttons (lib/engine/hold.ts `handsetAnswers`).
 */
export function Handset({ appId, curl, answers }: { appId: string; curl: string; answers: Record<string, HandsetAnswers> }) {
  const { data, error, isLoading, mutate } = useHeld(appId);
  const resolve = (id: string) => async (scenario: string) => {
    await send("POST", appUrl(appId, `/resources/${encodeURIComponent(id)}/resolve`), { scenario });
    // It leaves the list at once; the next poll confirms.
    await mutate((d) => d && { resources: d.resources.filter((r) => r.id !== id) }, { revalidate: true });
  };
  return (
    <Card>
      <CardHeader
        title="Handset"
        description={<>Held prompts, payouts and messages wait here for you to answer as the customer would. Your callback arrives as if the outcome had been chosen at the call, its delay counted from your answer. <Link className="text-indigo-700 underline" href="/docs/held">How holding works</Link></>}
      />
      {error ? <CardBody><ErrorNote error={error} onRetry={() => mutate()} /></CardBody> : null}
      {isLoading ? <SkeletonRows rows={4} /> : null}
      {data && data.resources.length === 0 && (
        <>
          <EmptyState title="Nothing is held">
            <p>Hold a call with the header <code className="font-mono whitespace-nowrap">X-Svc-Scenario: held</code> (or a test number that picks <code className="font-mono">held</code>) and it appears here, live.</p>
          </EmptyState>
          <div className="mx-auto -mt-8 max-w-2xl px-5 pb-8">
            <Snippet code={curl} title="Hold a push" scroll />
            <p className="-mt-2 text-xs text-slate-500">
              Set <code className="font-mono">ACCESS_TOKEN</code> to a token of this app (<Link className="text-indigo-700 underline" href="/docs/authentication">how</Link>); the callback goes to its inspector.
            </p>
          </div>
        </>
      )}
      {data && data.resources.length > 0 && (
        <CardBody>
          <Writes note>
          <ul aria-label="Held" className="grid gap-8 sm:grid-cols-2 xl:grid-cols-3">
            {data.resources.map((r) => <Phone key={r.id} appId={appId} r={r} answers={answers[r.operationId] ?? { buttons: [], more: [], ignore: null }} onResolve={resolve(r.id)} />)}
          </ul>
          </Writes>
        </CardBody>
      )}
    </Card>
  );
}
