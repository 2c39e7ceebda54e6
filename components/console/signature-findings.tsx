// Why a signature check fails (lib/callbacks/signature-explain.ts): one row per
// finding, its code and its sentence, the detail on demand. The Go-live tab's
// explain form and the inspector's inbox show the same rows.
import { Badge, type Tone } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code";

export type FindingView = { code: string; message: string; detail?: Record<string, unknown> };

const tone = (code: string): Tone => (code === "SIGNATURE_VALID" || code === "SIGNATURE_COMPARISON" ? "green" : code === "RECEIVER_CHECK" || code === "UNKNOWN_DELIVERY" ? "neutral" : "red");

export function SignatureFindings({ findings, label = "Why the signature check fails" }: { findings: FindingView[]; label?: string }) {
  if (!findings.length) return null;
  return (
    <ul aria-label={label} className="space-y-2">
      {findings.map((f) => (
        <li key={`${f.code}-${f.message}`} className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
            <Badge tone={tone(f.code)} className="font-mono">{f.code}</Badge>
            <p className="min-w-0 flex-1 basis-64 text-sm text-slate-800">{f.message}</p>
          </div>
          {f.detail && Object.keys(f.detail).length > 0 && (
            <details className="mt-1.5">
              <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">Detail</summary>
              <div className="mt-1.5"><CodeBlock value={f.detail} label={`${f.code} detail`} /></div>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
