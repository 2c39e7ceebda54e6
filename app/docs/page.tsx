import Link from "next/link";
import { apis, findGroup } from "@/lib/catalog";
import { apiHref, artifacts, baseUrl, opHref, opsOf } from "@/lib/docs/urls";
import { GUIDES } from "@/lib/docs/guides";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { MethodBadge } from "@/components/docs/method-badge";
import { Badge } from "@/components/ui/badge";

export const dynamic = "force-dynamic";

export default function DocsIndex() {
  return (
    <>
      <H1 eyebrow="Docs">API reference</H1>
      <P>
        The sandbox answers every API with scripted outcomes and posts real, signed callbacks to your server. No money
        moves. Pick an outcome with a magic value in the request, one of your app&apos;s test numbers, or the <C>X-Svc-Scenario</C>
        header; shorten every scripted delay with <C>X-Svc-Time-Scale</C> (<C>0</C> = instant callbacks); or try any
        operation right here, without keys.
      </P>
      <DataTable
        label="Environments"
        head={["Environment", "Base URL"]}
        rows={[
          ["Sandbox", <C key="s">{baseUrl()}</C>],
          ["Production", <span key="p" className="text-slate-500">coming later</span>],
        ]}
      />
      <H2>APIs</H2>
      <div className="grid gap-4 sm:grid-cols-2">
        {apis.map((api) => {
          const group = findGroup(api.group)!;
          return (
            <section key={api.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
              <div className="flex flex-wrap items-center gap-2">
                <Link href={apiHref(api)} className="text-lg font-semibold text-slate-900 hover:underline">{api.name}</Link>
                <Badge>v{api.version}</Badge>
                <Badge tone={group.needsReview ? "amber" : "green"}>{api.group}{group.needsReview ? " · review" : ""}</Badge>
              </div>
              <p className="mt-1 font-mono text-xs text-slate-500">{api.prefix}</p>
              <p className="mt-2 text-sm text-slate-600">{api.description}</p>
              <ul className="mt-3 space-y-1">
                {opsOf(api.id).map((op) => (
                  <li key={op.id}>
                    <Link href={opHref(op)} className="flex items-center gap-2 text-sm text-slate-700 hover:text-slate-900">
                      <MethodBadge method={op.method} small /> <span className="truncate font-mono text-xs">{op.path}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs">
                {artifacts(api.id).map((a) => (
                  <a key={a.href} href={a.href} className="text-emerald-700 hover:underline">{a.label}</a>
                ))}
              </p>
            </section>
          );
        })}
      </div>
      <H2>Guides</H2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {GUIDES.filter((g) => g.href !== "/docs").map((g) => (
          <li key={g.href}>
            <Link href={g.href} className="block rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-slate-300 hover:bg-slate-50">
              {g.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
