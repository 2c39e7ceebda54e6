import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { apiOf, groupOf } from "@/lib/catalog";
import { recentResources } from "@/lib/activity/recent-resources";
import { fillOf, readerApps } from "@/lib/docs/fill";
import { operationCodes } from "@/lib/docs/errors";
import { fieldRows } from "@/lib/docs/fields";
import { panelScenarios } from "@/lib/docs/panel";
import { pathParams, requestSchema } from "@/lib/docs/schema";
import { apiHref, artifacts, baseUrl, findOp } from "@/lib/docs/urls";
import { tryItProps } from "@/lib/tryit/props";
import { DocsAppPicker } from "@/components/docs/app-picker";
import { ChosenScenario } from "@/components/docs/chosen-scenario";
import { GatewayFaultTable } from "@/components/docs/gateway-fault-table";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { FieldTable } from "@/components/docs/field-table";
import { MethodBadge } from "@/components/docs/method-badge";
import { ReferencePanel } from "@/components/docs/reference-panel";
import { CallbackDoc, Responses } from "@/components/docs/responses";
import { ScenarioTable } from "@/components/docs/scenario-table";
import { TryIt } from "@/components/docs/try-it";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ api: string; operation: string }>; searchParams: Promise<{ app?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { api, operation } = await params;
  return { title: findOp(api, operation)?.summary ?? "Not found" };
}

export default async function OperationPage({ params, searchParams }: Props) {
  const { api: apiId, operation } = await params;
  const { app } = await searchParams;
  const op = findOp(apiId, operation);
  if (!op) notFound();
  const api = apiOf(op);
  const group = groupOf(op);
  const path = pathParams(op);
  const reader = await readerApps(typeof app === "string" ? app : undefined, group.name);
  const fill = fillOf(reader.chosen);
  // Signed in: the id field holds the app's newest resource of this kind, so `tracked` answers 200.
  const recent = reader.chosen ? await recentResources(reader.chosen.id, op) : [];
  return (
    <ChosenScenario>
      {/* Two columns from lg: the reference on the left, the sticky panel on the right; one column on phones. */}
      <div data-reference className="lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8 xl:grid-cols-[minmax(0,1fr)_27rem] xl:gap-x-10">
        <div className="min-w-0">
          <H1 eyebrow={<Link href={apiHref(api)} className="hover:underline">{api.name} v{api.version} · {group.name}{group.needsReview ? " (needs review)" : ""}</Link>}>
            {op.summary}
          </H1>
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
            <MethodBadge method={op.method} />
            <code className="font-mono text-sm break-all text-slate-900">{baseUrl()}{op.path}</code>
          </div>
          <P>{op.description}</P>
        </div>

        <aside aria-label="Request, response and try it" className="mt-6 min-w-0 lg:sticky lg:top-[4.5rem] lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start">
          <ReferencePanel entries={panelScenarios(op, fill)}
            note={reader.chosen && <DocsAppPicker apps={reader.apps} chosen={reader.chosen.id} group={group.name} note={reader.note} />}>
            <TryIt key={reader.chosen?.id} {...tryItProps(op, recent)} app={reader.chosen ?? undefined} />
          </ReferencePanel>
        </aside>

        <div className="min-w-0 lg:col-start-1">
          <H2 id="request">Request</H2>
          <P>Headers: <C>Authorization: Bearer &lt;access token&gt;</C>{op.body && <>, <C>Content-Type: application/json</C> (a body of another type answers 415 <C>UNSUPPORTED_MEDIA_TYPE</C>)</>}, and optionally <C>X-Svc-Scenario: &lt;scenario key&gt;</C>, <C>X-Svc-Time-Scale: &lt;0 to 1&gt;</C> (every scripted delay times this: <C>0</C> = instant, callback due at once; default your app&apos;s time scale, else 1) and <C>X-Svc-Fault: &lt;fault&gt;</C> (one of production&apos;s failures on purpose: <a className="text-emerald-700 underline" href="#faults">Faults</a>).</P>
          {path.length > 0 && (
            <DataTable label="Path parameters" head={["Path parameter", "Type", "Notes"]}
              rows={path.map((p) => [<C key="n">{p.name}</C>, <span key="t" className="font-mono text-xs">string</span>, p.description ?? ""])} />
          )}
          {op.body && <FieldTable label="Request body" rows={fieldRows(requestSchema(op))} />}

          <H2 id="responses">Responses</H2>
          <Responses op={op} />

          <H2 id="scenarios">Scenarios</H2>
          <P>A <C>reference</C> already taken answers 409 <C>DUPLICATE_REFERENCE</C> whatever else asks. Otherwise the <C>X-Svc-Scenario</C> header with one of these keys forces a scenario; otherwise your app&apos;s test numbers (console, Testing tab) pick one; otherwise the first scenario whose trigger matches runs, else the default. Every answer carries <C>x-svc-scenario</C>; a key that is not one of these is ignored, and the answer names it in <C>x-svc-scenario-ignored</C>. Delays shown are at time scale 1. Pick a key to see its request and answer beside the reference.</P>
          <ScenarioTable op={op} />

          {op.callback && (
            <>
              <H2 id="callback">Callback</H2>
              <CallbackDoc op={op} />
            </>
          )}

          <H2 id="errors">Errors</H2>
          <P>After the <Link className="text-emerald-700 underline" href="/docs/errors">gateway checks</Link> (401, 403, 404, 429), this operation can answer:</P>
          <DataTable label="Error codes" head={["Status", "Error", "When"]}
            rows={operationCodes(op.id).map((r) => [<span key="s" className="font-mono">{r.status}</span>, <C key="c">{r.code}</C>, r.condition])} />

          <H2 id="faults">Faults</H2>
          <P>With <C>X-Svc-Fault</C>, after every check passed, this call fails as production sometimes does (<Link className="text-emerald-700 underline" href="/docs/rehearse">Rehearse failures</Link>):</P>
          <GatewayFaultTable />

          <p className="mt-10 flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 pt-4 text-sm">
            {artifacts(api.id).map((a) => <a key={a.href} href={a.href} className="text-emerald-700 hover:underline">{a.label}</a>)}
          </p>
        </div>
      </div>
    </ChosenScenario>
  );
}
