"use client";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { RelativeTime } from "@/components/ui/time";
import { useRequest } from "./hooks";
import { HttpStatus } from "./status";

function Half({ title, headers, body, noBody = "No body." }: { title: string; headers: Record<string, string>; body: unknown; noBody?: string }) {
  return (
    <Card className="min-w-0">
      <CardHeader title={title} />
      <CardBody className="space-y-4">
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</h3>
          <HeaderList headers={headers} />
        </div>
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Body</h3>
          {body === null || body === undefined ? <p className="text-sm text-slate-600">{noBody}</p> : <CodeBlock value={body} label={`${title} body`} />}
        </div>
      </CardBody>
    </Card>
  );
}

/** Why a logged request shows no body: too large to keep, or none was sent. */
function missingBody(r: { responseBody: unknown; method: string }): string {
  const code = (r.responseBody as { error?: string } | null)?.error;
  if (code === "BODY_TOO_LARGE") return "Not kept: the body was larger than the size limit, so the sandbox refused it unread.";
  return r.method === "GET" ? "No body (a GET)." : "The client sent no body.";
}

export function RequestDetail({ appId, requestId, back }: { appId: string; requestId: string; back?: string }) {
  const { data: r, error, isLoading, mutate } = useRequest(appId, requestId);
  const listHref = `/apps/${appId}/requests${back ? `?${back}` : ""}`;
  if (error) return <ErrorNote error={error} onRetry={() => mutate()} />;
  if (isLoading || !r) return <Card><SkeletonRows rows={6} /></Card>;
  return (
    <div className="space-y-6">
      <Link href={listHref} className="text-sm text-slate-500 hover:text-slate-800">← Request log</Link>
      <Card>
        <CardHeader
          title={<span className="font-mono text-base"><span className="font-semibold">{r.method}</span> {r.path}</span>}
          actions={<CopyButton value={r.requestId} label="Copy request id" />}
        />
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <div><dt className="text-xs text-slate-500">Status</dt><dd className="mt-0.5"><HttpStatus status={r.status} /></dd></div>
            <div><dt className="text-xs text-slate-500">Scenario</dt><dd className="mt-0.5 font-mono">{r.scenarioKey ?? "—"}</dd></div>
            <div><dt className="text-xs text-slate-500">Duration</dt><dd className="mt-0.5">{r.durationMs} ms</dd></div>
            <div><dt className="text-xs text-slate-500">Time</dt><dd className="mt-0.5"><RelativeTime value={r.createdAt} /></dd></div>
            <div><dt className="text-xs text-slate-500">Via</dt><dd className="mt-0.5"><Badge>{r.via}</Badge></dd></div>
            <div><dt className="text-xs text-slate-500">Request id</dt><dd className="mt-0.5 font-mono text-xs break-all">{r.requestId}</dd></div>
          </dl>
        </CardBody>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Half title="Request" headers={r.requestHeaders} body={r.requestBody} noBody={missingBody(r)} />
        <Half title="Response" headers={r.responseHeaders} body={r.responseBody} />
      </div>
    </div>
  );
}
