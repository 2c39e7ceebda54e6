import { CopyButton } from "@/components/ui/copy-button";

/**
 * Long lines wrap (never clipped); `wrap` also breaks inside words (one-line payloads);
 * `scroll` keeps every line whole and scrolls sideways (a command whose lines must not break).
 */
export function Snippet({ code, title, wrap, scroll }: { code: string; title?: string; wrap?: boolean; scroll?: boolean }) {
  return (
    <div className="scheme-fixed my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5">
        <span className="truncate text-xs font-medium text-slate-300">{title ?? ""}</span>
        <CopyButton value={code} what={title ?? "code"} />
      </div>
      <pre
        tabIndex={scroll ? 0 : undefined}
        className={`p-3 font-mono text-xs leading-relaxed text-slate-100 ${scroll ? "overflow-x-auto whitespace-pre focus-visible:outline-2 focus-visible:outline-indigo-400" : `whitespace-pre-wrap ${wrap ? "break-all" : "[overflow-wrap:anywhere]"}`}`}
      >
        {code}
      </pre>
    </div>
  );
}
