"use client";
// "How the inspector answers": the app's inspector answer mode (status, delay,
// fail the first N deliveries of each callback), with presets. Saved through the
// console's dev-settings route (lib/devapi/settings.ts, the same as PATCH /dev/v1/settings).
// A preset click saves; edited fields say "Unsaved changes" and warn on leaving
// (components/ui/form-action.tsx), as the Testing tab does.
import { useEffect, useState } from "react";
import type { InspectorMode } from "@/lib/catalog/dev-endpoints";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { errorText } from "@/components/ui/error-text";
import { FormMessage, Unsaved, useFormAction, useLeaveWarning } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { appUrl, send } from "./api";
import { useDevSettings } from "./hooks";

const PRESETS: { label: string; hint: string; mode: InspectorMode }[] = [
  { label: "200 OK", hint: "answers at once", mode: { status: 200, delayMs: 0, failFirst: 0 } },
  { label: "500 error", hint: "every delivery fails", mode: { status: 500, delayMs: 0, failFirst: 0 } },
  { label: "Timeout", hint: "answers after 12 s; the sandbox gives up at 10 s", mode: { status: 200, delayMs: 12_000, failFirst: 0 } },
  { label: "Fail twice, then succeed", hint: "500 to the first two deliveries of each callback", mode: { status: 200, delayMs: 0, failFirst: 2 } },
];

const same = (a: InspectorMode, b: InspectorMode) => a.status === b.status && a.delayMs === b.delayMs && a.failFirst === b.failFirst;

/** The mode in one sentence. */
export function describeMode(m: InspectorMode): string {
  const answer = m.status < 300 ? `${m.status} {"received": true}` : `${m.status} (an error body that says it is on purpose)`;
  const when = m.delayMs ? `after ${(m.delayMs / 1000).toLocaleString("en", { maximumFractionDigits: 1 })} s${m.delayMs > 10_000 ? ", past the sandbox's 10 s wait: callbacks time out" : ""}` : "at once";
  const first = m.failFirst ? `500 to the first ${m.failFirst === 1 ? "delivery" : `${m.failFirst} deliveries`} of each callback, then ` : "";
  return `Answers ${first}${answer} ${when}.`;
}

export function InspectorModeForm({ appId }: { appId: string }) {
  const { data, mutate, error: loadError } = useDevSettings(appId);
  const current = data?.inspectorMode;
  const [form, setForm] = useState({ status: "200", delayMs: "0", failFirst: "0" });
  // The form follows the saved mode whenever one of its values changes (not on every new object SWR hands over).
  const [status, delayMs, failFirst] = [current?.status, current?.delayMs, current?.failFirst];
  useEffect(() => {
    if (status !== undefined) setForm({ status: String(status), delayMs: String(delayMs), failFirst: String(failFirst) });
  }, [status, delayMs, failFirst]);

  const save = useFormAction(async (mode: Record<string, number>) => {
    const next = await send<{ inspectorMode: InspectorMode }>("PATCH", appUrl(appId, "/dev-settings"), { inspectorMode: mode });
    await mutate((d) => (d ? { ...d, inspectorMode: next.inspectorMode } : d), { revalidate: false });
  }, ["inspectorMode.status", "inspectorMode.delayMs", "inspectorMode.failFirst"]);
  const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
  const dirty = current !== undefined && !same(current, { status: num(form.status), delayMs: num(form.delayMs), failFirst: num(form.failFirst) });
  useLeaveWarning(dirty);

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">How the inspector answers</h2>
          <p className="mt-0.5 text-sm text-slate-600" aria-live="polite" data-testid="inspector-mode-summary">
            {current ? describeMode(current) : loadError ? errorText(loadError) : "Loading…"}
          </p>
        </div>
      </div>
      <div className="space-y-4 px-5 py-4">
        <div role="group" aria-label="Presets" className="flex flex-wrap gap-2">
          {PRESETS.map((p) => {
            const active = current && same(current, p.mode);
            return (
              <button
                key={p.label}
                type="button"
                title={p.hint}
                aria-pressed={Boolean(active)}
                disabled={save.pending}
                onClick={() => {
                  setForm({ status: String(p.mode.status), delayMs: String(p.mode.delayMs), failFirst: String(p.mode.failFirst) });
                  void save.run(p.mode);
                }}
                className={cn(
                  "rounded-full border px-3 py-1.5 text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50",
                  active ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {p.label}
              </button>
            );
          })}
        </div>
        <form
          className="grid grid-cols-3 items-start gap-3 sm:grid-cols-[repeat(3,minmax(0,9rem))_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run({ status: num(form.status), delayMs: num(form.delayMs), failFirst: num(form.failFirst) });
          }}
          onChange={save.reset}
        >
          <Field label="Status" error={save.fieldError("inspectorMode.status")}>
            {(p) => <Input {...p} inputMode="numeric" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })} />}
          </Field>
          <Field label="Delay (ms)" error={save.fieldError("inspectorMode.delayMs")}>
            {(p) => <Input {...p} inputMode="numeric" value={form.delayMs} onChange={(e) => setForm({ ...form, delayMs: e.target.value })} />}
          </Field>
          <Field label="Fail first N" error={save.fieldError("inspectorMode.failFirst")}>
            {(p) => <Input {...p} inputMode="numeric" value={form.failFirst} onChange={(e) => setForm({ ...form, failFirst: e.target.value })} />}
          </Field>
          <div className="col-span-3 sm:col-span-1 sm:pt-6">
            <Button type="submit" busy={save.pending}>Save</Button>
          </div>
        </form>
        <p className="text-xs text-slate-500">
          Status 200–599; delay up to 15 000 ms (past 10 000 the sandbox&apos;s callback times out); fail first N (up to 10) counts the
          deliveries of each callback by its <code className="font-mono">x-svc-delivery</code>, so <em>Send it again</em> eventually succeeds.
          Requests without that header get the status and delay only.
        </p>
        <FormMessage error={save.error && `Not saved: ${save.error}`} saved={save.saved && "Saved. New deliveries get this answer."} />
        {dirty && !save.error && !save.saved && <p className="text-sm"><Unsaved /></p>}
      </div>
    </Card>
  );
}
