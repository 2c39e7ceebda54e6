import type { Operation } from "@/lib/catalog";
import { errorBodySchema } from "@/lib/catalog/schemas/common";
import { fieldRows } from "@/lib/docs/fields";
import { sampleAnswer } from "@/lib/docs/samples";
import { responseSchema } from "@/lib/docs/schema";
import { CodeBlock } from "@/components/ui/code";
import { FieldTable } from "./field-table";
import { H3 } from "./prose";

/** One block per documented status: its schema's fields and the body a scenario with that status answers. */
export function Responses({ op }: { op: Operation }) {
  return (
    <>
      {Object.entries(op.responses).map(([status, r]) => {
        const scenario = op.scenarios.find((s) => s.status === Number(status) && !s.triggers?.some((t) => "state" in t));
        return (
          <div key={status}>
            <H3>
              <span className="font-mono">{status}</span> <span className="font-normal text-slate-600">— {r.description}</span>
            </H3>
            {r.schema === errorBodySchema ? (
              <p className="text-sm text-slate-600">The error body: <code className="font-mono">error</code>, <code className="font-mono">message</code>, <code className="font-mono">requestId</code>.</p>
            ) : (
              <FieldTable label={`Response ${status}`} rows={fieldRows(responseSchema(r.schema))} />
            )}
            {scenario && (
              <details className="my-2">
                <summary className="cursor-pointer text-sm text-slate-600">Example ({scenario.key})</summary>
                <div className="mt-2"><CodeBlock value={sampleAnswer(op, scenario).body} label={`Example ${status} body`} /></div>
              </details>
            )}
          </div>
        );
      })}
    </>
  );
}

/** The callback body: its fields and what each scenario that posts one sends. */
export function CallbackDoc({ op }: { op: Operation }) {
  if (!op.callback) return null;
  const posting = op.scenarios.filter((s) => s.callbackDelayMs !== undefined);
  return (
    <>
      <p className="my-3 leading-7 text-slate-700">{op.callback.description} Posted to <code className="font-mono text-sm">callbackUrl</code> after the scenario&apos;s callback delay, signed (see Callbacks).</p>
      <FieldTable label="Callback body" rows={fieldRows(responseSchema(op.callback.schema))} />
      {/* One body per row in the reference's narrow column, two where there is room. */}
      <div className="@container">
        <div className="grid gap-3 @2xl:grid-cols-2">
          {posting.map((s) => (
            <div key={s.key} className="min-w-0">
              <p className="mb-1 text-xs font-medium text-slate-600"><code className="font-mono">{s.key}</code> · after {(s.callbackDelayMs! / 1000).toFixed(1)} s</p>
              <CodeBlock value={sampleAnswer(op, s).callback?.body} label={`Callback body of ${s.key}`} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
