"use client";
// The try-it panel's app: which one the call runs as ("Trying as …", changed
// with the docs' app picker, app-picker.tsx), and the menu of its recent
// resources beside a status operation's id (lib/tryit/props.ts).
import type { RecentResource } from "@/lib/activity/recent-resources";
import { DOCS_APP_PICKER_ID } from "./app-picker";

/** `refusal`: why the reader's role may not call as the app (lib/docs/fill.ts), else null. */
export type DocsApp = { id: string; name: string; inspectorUrl: string; suspended: boolean; subscribed: boolean; refusal?: string | null };

export function TryingAs({ app }: { app: DocsApp }) {
  const change = () => {
    const picker = document.getElementById(DOCS_APP_PICKER_ID);
    picker?.scrollIntoView({ block: "center" });
    picker?.focus();
  };
  return (
    <p className="text-sm text-slate-700" data-testid="trying-as">
      Trying as <strong className="font-medium text-slate-900">{app.name}</strong> <code className="font-mono text-xs break-all text-slate-600">({app.id})</code>{" "}—{" "}
      <button type="button" onClick={change} className="text-emerald-700 underline hover:text-emerald-800">change</button>
    </p>
  );
}

/** A recent resource: its id, reference and when it was made (UTC). */
const label = (r: RecentResource) => `${r.id}${r.reference ? ` · ${r.reference}` : ""} · ${r.createdAt.slice(0, 16).replace("T", " ")} UTC`;

export function RecentMenu({ name, recent, value, onChange }: { name: string; recent: RecentResource[]; value: string; onChange: (id: string) => void }) {
  const id = `try-recent-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-slate-600">Recent {name} values of your app</label>
      <select id={id} value={recent.some((r) => r.id === value) ? value : ""} onChange={(e) => e.target.value && onChange(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-xs text-slate-900 focus:border-slate-500 focus:outline-none">
        <option value="">Your app&apos;s recent ones…</option>
        {recent.map((r) => <option key={r.id} value={r.id}>{label(r)}</option>)}
      </select>
    </div>
  );
}
