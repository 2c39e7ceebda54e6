// What `sandbox.mjs listen` got from the developer's own server for a callback
// (lib/inspector/relays.ts): one row per listener and relay. Shown on the
// delivery's page, and usable beside an inbox entry.
import Link from "@/components/ui/link";
import { CodeBlock } from "@/components/ui/code";
import { LocalTime } from "@/components/ui/time";
import type { RelayView } from "@/lib/inspector/relays";
import { HttpStatus } from "./status";

export function RelayList({ relays }: { relays: RelayView[] }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Relays to your server">
      {relays.map((r) => (
        <li key={r.id} className="space-y-2 px-5 py-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <LocalTime value={r.at} />
            <HttpStatus status={r.status} />
            {r.error && <span className="text-red-700">{r.error}</span>}
            <span className="text-slate-500">{r.durationMs} ms</span>
            <span className="min-w-0 font-mono text-xs break-all text-slate-600">{r.target}</span>
            <span className="text-xs text-slate-500">by {r.listener}</span>
          </div>
          {r.responseBody && <CodeBlock value={r.responseBody} label="Your server's answer" />}
        </li>
      ))}
    </ol>
  );
}

/** Where relays come from, for an empty list. */
export function RelayHint() {
  return (
    <p className="text-sm text-slate-500">
      Run <code className="font-mono text-xs">sandbox.mjs listen --forward-to http://localhost:…</code> to relay callbacks to your own server;
      its answers show here (<Link className="text-indigo-700 underline" href="/docs/listen">how</Link>).
    </p>
  );
}
