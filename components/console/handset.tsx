"use client";
// The Handset: the app's held prompts, payouts and messages, newest first,
// live, each drawn as the customer's phone shows it (phone.tsx). A button
// resolves it through the console route that calls the developer API's resolve.
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { appUrl, send } from "./api";
import { useHeld } from "./hooks";
import { Phone } from "./phone";

export function Handset({ appId }: { appId: string }) {
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
        <EmptyState title="Nothing is held">
          <p>Hold a call with the header <code className="font-mono">X-Svc-Scenario: held</code> (or a test number that picks <code className="font-mono">held</code>) and it appears here, live.</p>
          <div className="mt-3 text-left"><CodeBlock value={'curl -X POST "$SANDBOX/collect/v1/push" \\\n  -H "Authorization: Bearer $TOKEN" -H "X-Svc-Scenario: held" \\\n  -H "Content-Type: application/json" -d \'{...}\''} label="Hold a push" /></div>
        </EmptyState>
      )}
      {data && data.resources.length > 0 && (
        <CardBody>
          <ul aria-label="Held" className="grid gap-8 sm:grid-cols-2 xl:grid-cols-3">
            {data.resources.map((r) => <Phone key={r.id} appId={appId} r={r} onResolve={resolve(r.id)} />)}
          </ul>
        </CardBody>
      )}
    </Card>
  );
}
