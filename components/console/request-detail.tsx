"use client";
import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorNote } from "@/components/ui/empty";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LocalTime } from "@/components/ui/time";
import { Explain } from "./explain";
import { FloatMet } from "./float-met";
import { useApp, useRequest } from "./hooks";
import { FaultMark } from "./on-purpose";
import { DeliveryBadge, HttpStatus } from "./status";
import { Timeline } from "./timeline";

const asText = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body, null, 2));

function Half({ title, headers, body, noBody = "No body." }: { title: string; headers: Record<string, string>; body: unknown; noBody?: string }) {
  const hasBody = body !== null && body !== undefined;
  return (
    <Card className="min-w-0">
      <CardHeader title={title} />
      <CardBody className="space-y-4">
        <div>
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Headers</h3>
            <CopyButton value={Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join("\n")} what={`headers of the ${title.toLowerCase()}`} />
          </div>
          <HeaderList headers={headers} />
        </div>
        <div>
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Body</h3>
            {hasBody && <CopyButton value={asText(body)} what={`body of the ${title.toLowerCase()}`} />}
          </div>
          {hasBody ? <CodeBlock value={body} label={`${title} body`} /> : <p className="text-sm text-slate-600">{noBody}</p>}
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

const SKIP = new Set(["host", "content-length", "connection", "accept-encoding", "authorization", "user-agent", "cookie"]);
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The logged call as a curl line; the token is left as $TOKEN (the log never keeps it). */
export function curlFor(baseUrl: string, r: { method: string; path: string; requestHeaders: Record<string, string>; requestBody: unknown }): string {
  const parts = [`curl -X ${r.method} ${quote(baseUrl + r.path)}`, `-H "authorization: Bearer $TOKEN"`];
  for (const [k, v] of Object.entries(r.requestHeaders)) if (!SKIP.has(k) && !k.startsWith("x-forwarded")) parts.push(`-H ${quote(`${k}: ${v}`)}`);
  if (r.requestBody !== null && r.requestBody !== undefined) {
    parts.push(`--data-raw ${quote(typeof r.requestBody === "string" ? r.requestBody : JSON.stringify(r.requestBody))}`);
  }
  return parts.join(" \\\n  ");
}

export function RequestDetail({ appId, requestId, back }: { appId: string; requestId: string; back?: string }) {
  const { data: r, error, isLoading, mutate } = useRequest(appId, requestId);
  const { data: app } = useApp(appId);
  const listHref = `/apps/${appId}/requests${back ? `?${back}` : ""}`;
  if (error) return <ErrorNote error={error} onRetry={() => mutate()} back={{ href: listHref, label: "← Back to the request log" }} />;
  if (isLoading || !r) return <Card><SkeletonRows rows={6} /></Card>;
  const { resources, deliveries } = r.links;
  return (
    <div className="space-y-6">
      <Link href={listHref} className="text-sm text-slate-600 hover:text-slate-900">← Request log</Link>
      <Card>
        <CardHeader
          title={<span className="font-mono text-base break-all"><span className="font-semibold">{r.method}</span> {r.path}</span>}
          actions={
            <div className="flex flex-wrap gap-2">
              <CopyButton value={r.requestId} label="Copy request id" />
              {app && <CopyButton value={curlFor(app.baseUrl, r)} label="Copy as curl" what="as curl" />}
            </div>
          }
        />
        <CardBody className="space-y-4">
          <dl className="grid gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <div><dt className="text-xs text-slate-600">Status</dt><dd className="mt-0.5"><HttpStatus status={r.status} /></dd></div>
            <div><dt className="text-xs text-slate-600">Scenario</dt><dd className="mt-0.5 font-mono">{r.scenarioKey ?? "—"}</dd></div>
            <div>
              <dt className="text-xs text-slate-600">Duration</dt>
              <dd className="mt-0.5">{r.durationMs} ms</dd>
              {r.timeScale !== null && <dd className="text-xs text-slate-600" data-testid="time-scale">time scale {r.timeScale}</dd>}
            </div>
            <div><dt className="text-xs text-slate-600">Time</dt><dd className="mt-0.5"><LocalTime value={r.createdAt} /></dd></div>
            <div><dt className="text-xs text-slate-600">Via</dt><dd className="mt-0.5"><Badge>{r.via}</Badge></dd></div>
            <div><dt className="text-xs text-slate-600">Request id</dt><dd className="mt-0.5 font-mono text-xs break-all">{r.requestId}</dd></div>
          </dl>
          <FaultMark fault={r.fault} />
          {r.float && <p className="text-sm text-slate-800"><FloatMet float={r.float} appId={appId} low={r.scenarioKey === "float_low"} /></p>}
          <Explain body={r.responseBody} />
          {(resources.length > 0 || deliveries.length > 0) && (
            <div className="border-t border-slate-100 pt-4">
              <h2 className="mb-2 text-sm font-semibold">Related</h2>
              <ul className="space-y-1.5 text-sm" aria-label="Related">
                {resources.map((x) => (
                  <li key={x.id}>
                    Resource <Link className="font-mono text-xs text-indigo-700 hover:underline" href={`/apps/${appId}/resources/${x.id}`}>{x.id}</Link>{" "}
                    {x.createdBy && x.createdBy.requestId !== r.requestId
                      ? <>created by <Link className="font-mono text-xs text-indigo-700 hover:underline" href={`/apps/${appId}/requests/${x.createdBy.requestId}`}>{x.createdBy.method} {x.createdBy.path}</Link></>
                      : <span className="text-slate-600">created by this call</span>}
                  </li>
                ))}
                {deliveries.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center gap-2">
                    Callback <Link className="font-mono text-xs text-indigo-700 hover:underline" href={`/apps/${appId}/callbacks/${d.id}`}>{d.id}</Link> <DeliveryBadge state={d.state} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CardBody>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Half title="Request" headers={r.requestHeaders} body={r.requestBody} noBody={missingBody(r)} />
        <Half title="Response" headers={r.responseHeaders} body={r.responseBody} />
      </div>
      {resources.map((x) => <Timeline key={x.id} appId={appId} resourceId={x.id} title={resources.length > 1 ? `Timeline of ${x.id}` : "Timeline"} />)}
    </div>
  );
}
