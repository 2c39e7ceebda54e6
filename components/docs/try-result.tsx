import { CodeBlock, HeaderList } from "@/components/ui/code";
import { Badge, statusTone } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import type { TryResult } from "@/lib/tryit/types";
import { FloatMet } from "@/components/console/float-met";
import { LiveCallback } from "./try-live-callback";

/**
 * A preview's `tracked`: it looks up no resource, so it answers 404 whatever the id. Said for
 * the reader: with an app (`asApp`: running the call as it shows the live state) or without.
 */
function TrackedInPreview({ asApp }: { asApp: boolean }) {
  return (
    <p role="note" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {asApp
        ? "A preview looks up no resources, so tracked answers 404 here. Run the call as this app to see a resource's live state."
        : "A preview calls as no app, so no id is tracked here and tracked answers 404. Sign in and run the call as an app of yours to see a resource's live state."}
    </p>
  );
}

/** `asApp`: the preview used the reader's app (its test numbers and time scale). */
export function TryResultView({ result, asApp = false }: { result: TryResult; asApp?: boolean }) {
  return (
    <div className="space-y-4" data-testid="try-result">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone(result.status)} className="px-3 py-1 font-mono text-sm">
          <span data-testid="try-status">{result.status}</span>
        </Badge>
        {result.scenario ? (
          <span className="text-sm text-slate-600">scenario <code className="font-mono text-slate-900">{result.scenario}</code></span>
        ) : (
          <span className="text-sm text-slate-600">stopped before a scenario (as the gateway would)</span>
        )}
        {result.delayMs > 0 && <span className="text-sm text-slate-500">· answered after a scripted {result.delayMs} ms</span>}
      </div>
      {!result.live && result.scenario === "tracked" && result.status === 404 && <TrackedInPreview asApp={asApp} />}
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</p>
        <HeaderList headers={result.headers} />
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Body</p>
        <CodeBlock value={result.body} label="Response body" />
      </div>
      {result.live && (
        <p className="text-sm text-slate-600">
          Logged in your app&apos;s request log as{" "}
          <Link href={`/apps/${result.live.appId}/requests/${result.live.requestId}`} className="font-mono text-xs text-indigo-700 underline">{result.live.requestId}</Link>.
        </p>
      )}
      {result.live?.float && (
        <p className="text-sm text-slate-600" data-testid="try-float">
          <FloatMet float={result.live.float} appId={result.live.appId} low={result.scenario === "float_low"} />.{" "}
          <Link href="/docs/testing#float" className="text-indigo-700 underline">How the float works</Link>
        </p>
      )}
      <div data-testid="try-callback">
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Callback</p>
        {result.live ? (
          <LiveCallback appId={result.live.appId} requestId={result.live.requestId} />
        ) : result.callback ? (
          <>
            <p className="mb-2 text-sm text-slate-600">
              The sandbox would post this {(result.callback.delayMs / 1000).toFixed(1)} s later to{" "}
              <code className="font-mono break-all">{result.callback.url ?? (asApp ? "the app's default callback URL" : "the calling app's default callback URL")}</code>. From the try-it panel it is not sent.
            </p>
            <CodeBlock value={result.callback.body} label="Callback body" />
          </>
        ) : (
          <p className="text-sm text-slate-500">No callback follows this answer.</p>
        )}
      </div>
    </div>
  );
}
