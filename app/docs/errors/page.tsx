import type { Metadata } from "next";
import { errorAnchor } from "@/lib/docs/anchors";
import { checkOrder, errorTables, type CodeRow } from "@/lib/docs/errors";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { Snippet } from "@/components/docs/snippet";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Errors" };

function CodeTable({ label, rows, anchored }: { label: string; rows: CodeRow[]; anchored: boolean[] }) {
  return (
    <DataTable label={label} head={["Status", "Error", "When"]} rowIds={rows.map((r, i) => (anchored[i] ? errorAnchor(r.code) : ""))}
      rows={rows.map((r) => [<span key="s" className="font-mono">{r.status}</span>, <C key="c">{r.code}</C>, r.condition])} />
  );
}

export default function ErrorsPage() {
  const steps = checkOrder();
  const [gateway, api, server, consoleErrors] = errorTables(steps);
  return (
    <>
      <H1 eyebrow="Guide">Errors</H1>
      <P>Every error has the same body; <C>requestId</C> is also in the <C>x-request-id</C> header of every response.</P>
      <Snippet title="Error body" code={JSON.stringify({ error: "VALIDATION_ERROR", message: "amount must be an integer of at least 1", requestId: "req_7fQ2mXc9LpR4tV8wZk1sHd" }, null, 2)} />
      <H2>Order of checks</H2>
      <P>The gateway checks each call in this order and stops at the first problem. Answers from the checks before the scenario carry no <C>x-svc-scenario</C> header.</P>
      <ol className="my-4 space-y-2">
        {steps.map((s, i) => (
          <li key={s.step} className="flex gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
            <span className="font-mono text-slate-500">{i + 1}</span>
            <span className="min-w-0">
              <code className="font-mono text-slate-900">{s.step}</code>
              <span className="ml-2 text-slate-600">{s.codes.length ? s.codes.join(", ") : s.note.replace(/`/g, "")}</span>
            </span>
          </li>
        ))}
      </ol>
      <H2>Gateway errors</H2>
      <CodeTable {...gateway!} />
      <H2>API errors</H2>
      <P>Answered by a scenario (they carry <C>x-svc-scenario</C>):</P>
      <CodeTable {...api!} />
      <H2>When the sandbox fails</H2>
      <P>
        Any call may also meet a failure of the sandbox itself. Treat them like a network error: retry with backoff, and send the
        same <C>reference</C> again, so a call that did go through is refused as a duplicate rather than paid twice.
      </P>
      <CodeTable {...server!} />
      <H2>Console errors</H2>
      <P>The console&apos;s JSON routes (<C>/api/console/…</C>, the <a className="text-emerald-700 underline" href="/docs/console">console</a>&apos;s own calls) answer with the same body; beyond the usual 401, 403, 404 and 409:</P>
      <CodeTable {...consoleErrors!} />
    </>
  );
}
