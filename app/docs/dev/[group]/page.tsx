// Docs: one group of developer endpoints (lib/docs/dev-groups.ts: the
// catalog's groups), generated from lib/catalog/dev-endpoints.
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DevEndpointList, DevEndpointSection, Inline } from "@/components/docs/dev-endpoint";
import { DEV_GROUPS, devGroupHref, findDevGroup } from "@/lib/docs/dev-groups";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ group: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const g = findDevGroup((await params).group);
  return { title: g ? `${g.title} · Developer API` : "Developer API" };
}

/** The settings page's words on what the time scale does (the endpoints say how to set it). */
function TimeScale() {
  return (
    <>
      <H2 id="time-scale">Time scale</H2>
      <P>
        Every scripted delay of a call (the response delay, the callback delay, and the time its status changes) is multiplied by the
        time scale: <C>1</C> is the documented timings (the default), <C>0.1</C> ten times faster, <C>0</C> instant. Set it for the app
        (<C>PATCH /dev/v1/settings</C>, or the console&apos;s Testing tab), or per call with the header <C>X-Svc-Time-Scale: 0</C>, which
        wins. A value outside 0–1 answers 400 <C>VALIDATION_ERROR</C>. The request log shows the scale each call ran with.
      </P>
    </>
  );
}

export default async function DevGroupPage({ params }: Props) {
  const g = findDevGroup((await params).group);
  if (!g) notFound();
  const at = DEV_GROUPS.indexOf(g);
  const [prev, next] = [DEV_GROUPS[at - 1], DEV_GROUPS[at + 1]];
  return (
    <div data-toc-min="1">
      <H1 eyebrow={<Link className="hover:underline" href="/docs/dev">Developer API</Link>}>{g.title}</H1>
      {g.intro && <P><Inline text={g.intro} /></P>}
      <DevEndpointList endpoints={g.endpoints} label="Endpoints" />
      <p className="text-sm text-slate-600">
        Base URL, token and errors: <Link className="text-emerald-700 underline" href="/docs/dev">Developer API overview</Link>.
      </p>
      {g.slug === "settings" && <TimeScale />}
      {g.endpoints.map((e) => <DevEndpointSection key={e.id} e={e} />)}
      <nav aria-label="Developer API pages" className="mt-12 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4 text-sm">
        {prev ? <Link className="text-emerald-700 hover:underline" href={devGroupHref(prev)}>← {prev.title}</Link> : <span />}
        {next && <Link className="text-emerald-700 hover:underline" href={devGroupHref(next)}>{next.title} →</Link>}
      </nav>
    </div>
  );
}
