// The developer API's reference pieces (app/docs/dev): one endpoint's section,
// and the compact list of a group's endpoints linking to them.
import Link from "@/components/ui/link";
import type { DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { devAnchor, devCurl, devInputRows, devResponseRows } from "@/lib/docs/devapi-docs";
import { devHref } from "@/lib/docs/dev-groups";
import { baseUrl } from "@/lib/docs/urls";
import { FieldTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { C, P, Snippet } from "./prose";

/** Descriptions mark code with backticks (they are also OpenAPI's markdown). */
export function Inline({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <C key={i}>{part}</C> : part))}</>;
}

/** Method, path and summary of each endpoint, linking to its section on its group's page. */
export function DevEndpointList({ endpoints, label }: { endpoints: readonly DevEndpoint[]; label: string }) {
  return (
    <ul aria-label={label} className="my-3 space-y-1 text-sm">
      {endpoints.map((e) => (
        <li key={e.id} className="flex min-w-0 items-center gap-2">
          <MethodBadge method={e.method} small />
          <Link className="min-w-0 font-mono break-all text-emerald-700 hover:underline" href={devHref(e)}>{e.path}</Link>
          <span className="hidden text-slate-500 md:inline">{e.summary}</span>
        </li>
      ))}
    </ul>
  );
}

export function DevEndpointSection({ e }: { e: DevEndpoint }) {
  return (
    <section aria-labelledby={devAnchor(e)} className="mt-10 border-t border-slate-200 pt-6">
      <h2 id={devAnchor(e)} className="scroll-mt-20 text-lg font-semibold tracking-tight text-slate-900">{e.summary}</h2>
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
  );
}
