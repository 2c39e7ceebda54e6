"use client";
// The Testing tab's settings: the app's time scale and its callback faults
// (PATCH /api/console/apps/[appId]/dev-settings, the same service as the API).
// Presets save on click; a form that differs from what is saved says so and
// warns on leaving (components/ui/form-action.tsx).
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { Saved, Unsaved, useFormAction, useLeaveWarning, type FormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { DevSettings } from "@/lib/catalog/dev-endpoints";
import { appUrl, send } from "./api";
import { useDevSettings } from "./hooks";

const PRESETS = [
  { value: 1, label: "1", note: "as documented" },
  { value: 0.1, label: "0.1", note: "10× faster" },
  { value: 0, label: "0", note: "instant" },
];

/** Saves part of the settings: the patch `change` builds from the action's arguments (or it throws to refuse). */
function useSave<A extends unknown[]>(appId: string, change: (...args: A) => Record<string, unknown>) {
  const { mutate } = useDevSettings(appId);
  return useFormAction(async (...args: A) => mutate(send<DevSettings>("PATCH", appUrl(appId, "/dev-settings"), change(...args)), { revalidate: false }));
}

/**
 * A form's one field and its Save button; every failure shows under the field,
 * in its hint's place "Saved." after a save, else "Unsaved changes" while the
 * form differs from what is saved.
 */
function FieldAndSave({ label, hint, save, dirty, children }: { label: string; hint: string; save: Pick<FormAction<never, never>, "error" | "saved" | "pending">; dirty: boolean; children: React.ComponentProps<typeof Field>["children"] }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label={label} className="sm:w-64" error={save.error} hint={save.saved ? <Saved /> : dirty ? <Unsaved /> : hint}>{children}</Field>
      <Button type="submit" variant="secondary" busy={save.pending} className="sm:mt-6">Save</Button>
    </div>
  );
}

/** A preset click saves at once (as the Inspector tab's presets do); the pressed preset is the saved value. */
function TimeScaleForm({ appId, current }: { appId: string; current: number }) {
  const [value, setValue] = useState(String(current));
  useEffect(() => setValue(String(current)), [current]);
  const save = useSave(appId, (raw: string) => {
    const n = raw.trim() === "" ? Number.NaN : Number(raw);
    if (!(n >= 0 && n <= 1)) throw new Error("Enter a number from 0 to 1, e.g. 0.1.");
    return { timeScale: n };
  });
  const dirty = value.trim() === "" || Number(value) !== current;
  useLeaveWarning(dirty);
  const pick = (v: number) => {
    setValue(String(v));
    void save.run(String(v));
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(value);
      }}
      onChange={save.reset}
    >
      <div className="flex flex-wrap gap-2" role="group" aria-label="Presets (a click saves)">
        {PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={current === p.value}
            disabled={save.pending}
            onClick={() => pick(p.value)}
            className={cn(
              "rounded-md border px-3 py-1.5 text-left text-sm shadow-xs transition-colors disabled:opacity-60",
              current === p.value ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            <span className="font-mono font-semibold">{p.label}</span> <span className="opacity-80">· {p.note}</span>
          </button>
        ))}
      </div>
      <FieldAndSave label="Time scale" hint="From 0 to 1. A call's X-Svc-Time-Scale header wins." save={save} dirty={dirty}>
        {(p) => <Input {...p} name="timeScale" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />}
      </FieldAndSave>
    </form>
  );
}

function FaultsForm({ appId, current }: { appId: string; current: DevSettings["callbackFaults"] }) {
  const [duplicate, setDuplicate] = useState(current.duplicate);
  const [badSignature, setBadSignature] = useState(current.badSignature);
  const [extra, setExtra] = useState(String(current.extraDelayMs));
  const save = useSave(appId, () => ({ callbackFaults: { duplicate, badSignature, extraDelayMs: extra.trim() === "" ? 0 : Number(extra) } }));
  const dirty = duplicate !== current.duplicate || badSignature !== current.badSignature || (extra.trim() === "" ? 0 : Number(extra)) !== current.extraDelayMs;
  useLeaveWarning(dirty);
  const box = (label: string, hint: string, checked: boolean, set: (v: boolean) => void) => (
    <label className="flex items-start gap-2.5 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" checked={checked} onChange={(e) => set(e.target.checked)} />
      <span><span className="font-medium text-slate-800">{label}</span><span className="block text-xs text-slate-500">{hint}</span></span>
    </label>
  );
  return (
    <form className="space-y-3" {...save.form}>
      {box("Send every callback twice", "Same delivery id: does your receiver ignore the second?", duplicate, setDuplicate)}
      {box("Sign with a wrong secret", "Does your receiver reject callbacks it cannot verify?", badSignature, setBadSignature)}
      <FieldAndSave label="Extra delay (ms)" hint="Callbacks leave this much later. 0 = on time." save={save} dirty={dirty}>
        {(p) => <Input {...p} name="extraDelayMs" inputMode="numeric" value={extra} onChange={(e) => setExtra(e.target.value)} />}
      </FieldAndSave>
    </form>
  );
}

export function DevSettingsPanel({ appId }: { appId: string }) {
  const { data, error, mutate } = useDevSettings(appId);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title="Time scale" description="Multiplies every scripted delay of this app's calls: the response delay, the callback delay and when a payment's status changes." />
        <CardBody>
          {error && <ErrorNote error={error} onRetry={() => mutate()} />}
          {!data && !error && <Skeleton className="h-24" />}
          {data && <TimeScaleForm appId={appId} current={data.timeScale} />}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Callback faults" description="For robustness tests of your receiver; off by default. Each delivery records what was done on purpose." />
        <CardBody>
          {error && <ErrorNote error={error} onRetry={() => mutate()} />}
          {!data && !error && <Skeleton className="h-24" />}
          {data && <FaultsForm appId={appId} current={data.callbackFaults} />}
        </CardBody>
      </Card>
    </div>
  );
}
