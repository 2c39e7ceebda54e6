import Link from "@/components/ui/link";
import { errorText } from "./error-text";

export function EmptyState({ title, children, action }: { title: string; children?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500" aria-hidden>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true"><path d="M3 4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4Zm3 2v2h8V6H6Zm0 4v2h5v-2H6Z" /></svg>
      </div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children && <div className="mt-1 max-w-md text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/**
 * A failed load or write in plain words (a network failure is not shown as
 * "Failed to fetch"), with "Try again" when it can be retried (not for a 404:
 * trying again finds nothing either) and `back`, a link to where the reader came from.
 */
export function ErrorNote({ error, children, onRetry, back }: { error?: unknown; children?: React.ReactNode; onRetry?: () => void; back?: { href: string; label: string } }) {
  const gone = (error as { status?: unknown } | undefined)?.status === 404;
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <span>{children ?? errorText(error)}</span>
      {back && <Link href={back.href} className="font-medium text-red-900 underline hover:no-underline">{back.label}</Link>}
      {onRetry && !gone && (
        <button type="button" onClick={onRetry} className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-indigo-600">
          Try again
        </button>
      )}
    </div>
  );
}

export function Notice({ tone = "amber", children }: { tone?: "amber" | "blue"; children: React.ReactNode }) {
  const cls = tone === "amber" ? "border-amber-200 bg-amber-50 text-amber-900" : "border-sky-200 bg-sky-50 text-sky-900";
  return <div className={`rounded-md border px-4 py-3 text-sm ${cls}`}>{children}</div>;
}
