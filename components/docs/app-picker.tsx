"use client";
// Which of the reader's apps the docs' samples and try-it use: remembered in a
// cookie by a server action (app/docs/actions.ts), then the page is rendered
// again with the samples filled in for it (without the `?app=` a link may have
// named, which would otherwise win over the pick).
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { pickDocsApp } from "@/app/docs/actions";

export function DocsAppPicker({ apps, chosen }: { apps: { id: string; name: string; suspended: boolean }[]; chosen: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
      <label htmlFor="docs-app">Pre-filled for your app</label>
      <select
        id="docs-app"
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
        className="max-w-56 truncate rounded border border-slate-300 bg-white px-1.5 py-0.5 font-mono text-xs text-slate-900"
      >
        {apps.map((a) => (
          <option key={a.id} value={a.id}>{a.name} ({a.id}){a.suspended ? " — suspended" : ""}</option>
        ))}
      </select>
      <span className="basis-full">
        {apps.find((a) => a.id === chosen)?.suspended
          ? "It is suspended, so Try it is a preview; callbacks go to its inspector address."
          : "Try it runs as this app; callbacks go to its inspector address."}
      </span>
    </p>
  );
}
