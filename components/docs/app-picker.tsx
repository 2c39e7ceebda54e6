"use client";
// Which of the reader's apps the docs' samples and try-it use (lib/docs/fill.ts
// chooses it): remembered in a cookie by a server action (app/docs/actions.ts),
// then the page is rendered again with the samples filled in for it (without
// the `?app=` a link may have named, which would otherwise win over the pick).
// Apps that cannot call this page's API (not subscribed, suspended) are listed
// but cannot be picked; `note` says why the docs use another than the reader's pick.
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { pickDocsApp } from "@/app/docs/actions";

/** The picker's id: try-it's "change" focuses it. */
export const DOCS_APP_PICKER_ID = "docs-app";

type PickerApp = { id: string; name: string; suspended: boolean; subscribed: boolean };

const why = (a: PickerApp, group: string) => (!a.subscribed ? ` — not subscribed to ${group}` : a.suspended ? " — suspended" : "");

export function DocsAppPicker({ apps, chosen, group, note }: { apps: PickerApp[]; chosen: string; group: string; note: string | null }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <div className="mt-2 space-y-1 text-xs text-slate-600">
      <p className="flex flex-wrap items-center gap-1.5">
        <label htmlFor={DOCS_APP_PICKER_ID}>Pre-filled for your app</label>
        <select
          id={DOCS_APP_PICKER_ID}
          value={chosen}
          disabled={pending}
          onChange={(e) => {
            const id = e.target.value;
            start(async () => {
              await pickDocsApp(id);
              const url = new URL(window.location.href);
              if (url.searchParams.has("app")) {
                url.searchParams.delete("app");
                router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
              } else router.refresh();
            });
          }}
          className="max-w-full truncate rounded border border-slate-300 bg-white px-1.5 py-0.5 font-mono text-xs text-slate-900 sm:max-w-72"
        >
          {apps.map((a) => (
            <option key={a.id} value={a.id} disabled={a.id !== chosen && (!a.subscribed || a.suspended)}>{a.name} ({a.id}){why(a, group)}</option>
          ))}
        </select>
      </p>
      {note && <p role="status" className="rounded border border-amber-200 bg-amber-50 px-2 py-1 text-amber-900">{note}</p>}
      <p>Remembered on every docs page. Callbacks go to the app&apos;s inspector address.</p>
    </div>
  );
}
