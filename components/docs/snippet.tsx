import { CopyButton } from "@/components/ui/copy-button";

/** Long lines wrap (never clipped); `wrap` also breaks inside words (one-line payloads). */
export function Snippet({ code, title, wrap }: { code: string; title?: string; wrap?: boolean }) {
  return (
    <div className="my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5">
        <span className="truncate text-xs font-medium text-slate-300">{title ?? ""}</span>
        <CopyButton value={code} what={title ?? "code"} />
      </div>
      <pre className={`p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 ${wrap ? "break-all" : "[overflow-wrap:anywhere]"}`}>{code}</pre>
    </div>
  );
}
