import { CopyButton } from "@/components/ui/copy-button";
import { codeLanguage } from "@/lib/docs/code-language";

/**
 * Long lines wrap (never clipped); `wrap` also breaks inside words (one-line payloads);
 * `scroll` keeps every line whole and scrolls sideways (a command whose lines must not break).
 * `lang`: the code's language when the block knows it (else read from its title and text: lib/docs/code-language.ts), kept as `data-lang`.
 */
export function Snippet({ code, title, wrap, scroll, lang }: { code: string; title?: string; wrap?: boolean; scroll?: boolean; lang?: string }) {
  return (
    <div className="scheme-fixed my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5">
        <span className="truncate text-xs font-medium text-slate-300">{title ?? ""}</span>
        <CopyButton value={code} what={title ?? "code"} />
      </div>
      <pre
        data-lang={codeLanguage(code, title, lang)}
        tabIndex={scroll ? 0 : undefined}
        className={`p-3 font-mono text-xs leading-relaxed text-slate-100 ${scroll ? "overflow-x-auto whitespace-pre focus-visible:outline-2 focus-visible:outline-indigo-400" : `whitespace-pre-wrap ${wrap ? "break-all" : "[overflow-wrap:anywhere]"}`}`}
      >
        {code}
      </pre>
    </div>
  );
}
