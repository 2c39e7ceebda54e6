import type { Metadata } from "next";
import { checkOrder, gatewayCodes, scenarioCodes, serverCodes } from "@/lib/docs/errors";
import { C, H1, H2, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { Snippet } from "@/components/docs/snippet";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Errors" };

const codeRows = (rows: ReturnType<typeof gatewayCodes>) =>
  rows.map((r) => [<span key="s" className="font-mono">{r.status}</span>, <C key="c">{r.code}</C>, r.condition]);

export default function ErrorsPage() {
  const steps = checkOrder();
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
      <DataTable label="Gateway errors" head={["Status", "Error", "When"]} rows={codeRows(gatewayCodes(steps))} />
      <H2>API errors</H2>
      <P>Answered by a scenario (they carry <C>x-svc-scenario</C>):</P>
      <DataTable label="API errors" head={["Status", "Error", "When"]} rows={codeRows(scenarioCodes())} />
      <H2>When the sandbox fails</H2>
      <P>
        Any call may also meet a failure of the sandbox itself. Treat them like a network error: retry with backoff, and send the
        same <C>reference</C> again, so a call that did go through is refused as a duplicate rather than paid twice.
      </P>
      <DataTable label="Server errors" head={["Status", "Error", "When"]} rows={codeRows(serverCodes())} />
    </>
  );
}
