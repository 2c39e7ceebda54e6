// Docs: the developer endpoints' reference, generated from lib/catalog/dev.
import type { Metadata } from "next";
import Link from "next/link";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { FieldTable } from "@/components/docs/field-table";
import { MethodBadge } from "@/components/docs/method-badge";
import { devEndpoints } from "@/lib/catalog/devapi";
import { devAnchor, devCurl, devInputRows, devResponseRows } from "@/lib/docs/devapi-docs";
import { baseUrl } from "@/lib/docs/urls";

export const metadata: Metadata = { title: "Developer API: time scale, waiting, replay, reset" };
export const dynamic = "force-dynamic";

/** Descriptions mark code with backticks (they are also OpenAPI's markdown). */
function Inline({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <C key={i}>{part}</C> : part))}</>;
}

export default function DevDocsPage() {
  return (
    <>
      <H1 eyebrow="Reference">Developer API</H1>
      <P>
        Endpoints for testing against the sandbox, beside the APIs: change how fast scripted outcomes happen, wait for a callback
        instead of polling, pick scenarios with test numbers, replay callbacks, wipe the app&apos;s data, and make callbacks misbehave on
        purpose, and give a test run a throwaway sandbox of its own (<Link className="text-emerald-700 underline" href="/docs/testing#sandboxes">Testing in CI</Link>). They live under <C>{baseUrl()}/dev/v1/</C> and take the same bearer token as the APIs.
      </P>
      <Ul>
        <li>Errors use the gateway&apos;s error body <C>{"{error, message, requestId}"}</C>; see <Link className="text-emerald-700 underline" href="/docs/errors">Errors</Link>.</li>
        <li>Every call is recorded in the app&apos;s request log; none counts toward the per-minute limit.</li>
        <li>Each endpoint except the stream is also an MCP tool (<Link className="text-emerald-700 underline" href="/docs/mcp">MCP</Link>) with the name shown.</li>
        <li>
          OpenAPI 3.1: <a className="text-emerald-700 underline" href="/openapi/dev.json">dev.json</a> ·{" "}
          <a className="text-emerald-700 underline" href="/openapi/dev.yaml">dev.yaml</a>
        </li>
      </Ul>

      <H2 id="time-scale">Time scale</H2>
      <P>
        Every scripted delay of a call (the response delay, the callback delay, and the time its status changes) is multiplied by the
        time scale: <C>1</C> is the spec&apos;s timings (the default), <C>0.1</C> ten times faster, <C>0</C> instant. Set it for the app
        (<C>PATCH /dev/v1/settings</C>, or the console&apos;s Testing tab), or per call with the header <C>X-Svc-Time-Scale: 0</C>, which
        wins. A value outside 0–1 answers 400 <C>VALIDATION_ERROR</C>. The request log shows the scale each call ran with.
      </P>

      <H2 id="endpoints">Endpoints</H2>
      <ul className="my-3 space-y-1 text-sm">
        {devEndpoints.map((e) => (
          <li key={e.id} className="flex items-center gap-2">
            <MethodBadge method={e.method} small />
            <a className="font-mono text-emerald-700 hover:underline" href={`#${devAnchor(e)}`}>{e.path}</a>
            <span className="hidden text-slate-500 sm:inline">{e.summary}</span>
          </li>
        ))}
      </ul>

      {devEndpoints.map((e) => (
        <section key={e.id} className="mt-10 border-t border-slate-200 pt-6">
          <h3 id={devAnchor(e)} className="scroll-mt-20 text-lg font-semibold tracking-tight text-slate-900">{e.summary}</h3>
          <div className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
            <MethodBadge method={e.method} />
            <code className="font-mono text-sm break-all text-slate-900">{baseUrl()}{e.path}</code>
          </div>
          <P><Inline text={e.description} /></P>
          <p className="text-sm text-slate-600">
            {e.tool && !e.stream ? <>MCP tool <C>{e.tool}</C>. </> : null}
            {e.stream ? <>Answers <C>text/event-stream</C> (Server-Sent Events); not an MCP tool.</> : null}
          </p>
          {devInputRows(e).map((t) => <FieldTable key={t.label} label={t.label} rows={t.rows} />)}
          <Snippet title="curl" code={devCurl(e, e.method === "GET" ? undefined : e.example?.input)} />
          {!e.stream && e.status !== 204 && (
            <>
              <p className="mt-4 text-sm font-medium text-slate-800">{e.status ?? 200} answer</p>
              <FieldTable label={`${e.summary}: answer`} rows={devResponseRows(e)} />
              {e.example?.response !== undefined && <Snippet title={`${e.status ?? 200} example`} code={JSON.stringify(e.example.response, null, 2)} />}
            </>
          )}
          {e.status === 204 && <p className="mt-4 text-sm text-slate-700">Answers 204 with no body.</p>}
        </section>
      ))}
    </>
  );
}
