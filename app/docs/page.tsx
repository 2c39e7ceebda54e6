import Link from "@/components/ui/link";
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
      <H2 id="try-it-without-keys">Try it</H2>
      <P><C>/docs</C> is the public API reference, generated from the same catalog and schemas the gateway runs. Each operation page has a <strong>Try it</strong> panel that runs the sandbox&apos;s scenario engine without keys: it shows the status, headers, body, scripted delay and the callback that would be posted. Nothing is stored and no callback is sent; it is limited per client address (<C>TRY_IT_PER_MINUTE</C>). Signed in, the panel says which of your apps it uses (&quot;Trying as Shop Test (app_…) — change&quot;) and <strong>Run as this app</strong>: the call goes through the gateway&apos;s own checks as that app (its subscriptions and per-minute limit count), is logged in its request log (marked <C>try-it</C>), and its callback is really posted, to the app&apos;s inspector unless you change <C>callbackUrl</C>; the panel shows it arrive beside the answer. A status operation&apos;s id field holds the app&apos;s newest resource of that kind, with a menu of recent ones, so <C>tracked</C> answers 200. Each operation page has code samples in Node, Python, PHP and Java (and the Callbacks guide the signature check in the same four); signed in, they are pre-filled with the app&apos;s id and inspector address. The app is the one you picked (&quot;Pre-filled for your app&quot;, or a link&apos;s <C>?app=</C>), remembered in a cookie across pages and visits, when it can call the page&apos;s API (subscribed, not suspended); else your newest app that can, and the page says why.</P>
      <H2 id="for-coding-agents">For coding agents</H2>
      <P>For coding agents: <C>GET /llms.txt</C> lists every docs page with its Markdown address, and <C>{"GET /docs/<page>.md"}</C> (<C>/docs/index.md</C> for the overview) serves the page as <C>text/markdown; charset=utf-8</C>, written from the page itself as a signed-out reader sees it (without the try-it form).</P>
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
