import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { findGroup } from "@/lib/catalog";
import { artifacts, baseUrl, findApi, opHref, opsOf } from "@/lib/docs/urls";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { MethodBadge } from "@/components/docs/method-badge";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ api: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: findApi((await params).api)?.name ?? "Not found" };
}

export default async function ApiPage({ params }: Props) {
  const api = findApi((await params).api);
  if (!api) notFound();
  const group = findGroup(api.group)!;
  return (
    <>
      <H1 eyebrow="API">{api.name}</H1>
      <P>{api.description}</P>
      <DataTable
        label="About this API"
        head={["Version", "Group", "Operator review", "Base path"]}
        rows={[[
          <C key="v">{api.version}</C>,
          api.group,
          group.needsReview ? "needed: a subscription waits for an operator's approval" : "not needed: works as soon as the group is added",
          <C key="b">{`${baseUrl()}${api.prefix}`}</C>,
        ]]}
      />
      {api.changes && <P>Changes: {api.changes}</P>}
      <H2>Operations</H2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {opsOf(api.id).map((op) => (
          <li key={op.id}>
            <Link href={opHref(op)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50">
              <MethodBadge method={op.method} />
              <code className="font-mono text-sm text-slate-900">{op.path}</code>
              <span className="text-sm text-slate-600">{op.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
      <H2>Downloads</H2>
      <P>Generated from the same schemas as this page, at stable addresses:</P>
      <ul className="grid gap-2 sm:grid-cols-2">
        {artifacts(api.id).map((a) => (
          <li key={a.href}>
            <a href={a.href} className="block rounded-md border border-slate-200 bg-white px-3 py-2 text-sm hover:bg-slate-50">
              <span className="font-medium text-slate-900">{a.label}</span> <span className="font-mono text-xs text-slate-500">{a.href}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
