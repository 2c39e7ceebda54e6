"use client";
// The Testing tab's settings: the app's time scale and its callback faults
// (PATCH /api/console/apps/[appId]/dev-settings, the same service as the API).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { Saved, useFormAction, type FormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { DevSettings } from "@/lib/catalog/devapi";
import { appUrl, send } from "./api";
import { useDevSettings } from "./hooks";

const PRESETS = [
  { value: 1, label: "1", note: "as documented" },
  { value: 0.1, label: "0.1", note: "10× faster" },
  { value: 0, label: "0", note: "instant" },
];

/** Saves part of the settings: the patch `change` builds (or it throws to refuse). */
function useSave(appId: string, change: () => Record<string, unknown>) {
  const { mutate } = useDevSettings(appId);
  return useFormAction(async () => mutate(send<DevSettings>("PATCH", appUrl(appId, "/dev-settings"), change()), { revalidate: false }));
}

/** A form's one field and its Save button; every failure shows under the field, "Saved." in its hint's place. */
function FieldAndSave({ label, hint, save, children }: { label: string; hint: string; save: FormAction<[], never>; children: React.ComponentProps<typeof Field>["children"] }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label={label} className="sm:w-64" error={save.error} hint={save.saved ? <Saved /> : hint}>{children}</Field>
      <Button type="submit" variant="secondary" busy={save.pending} className="sm:mt-6">Save</Button>
    </div>
  );
}

function TimeScaleForm({ appId, current }: { appId: string; current: number }) {
  const [value, setValue] = useState(String(current));
  const save = useSave(appId, () => {
    const n = value.trim() === "" ? Number.NaN : Number(value);
    if (!(n >= 0 && n <= 1)) throw new Error("Enter a number from 0 to 1, e.g. 0.1.");
    return { timeScale: n };
  });
  const pick = (v: string) => {
    setValue(v);
    save.reset();
  };
  return (
    <form className="space-y-3" {...save.form}>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
        {PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={Number(value) === p.value && value.trim() !== ""}
            onClick={() => pick(String(p.value))}
            className={cn(
              "rounded-md border px-3 py-1.5 text-left text-sm shadow-xs transition-colors",
              Number(value) === p.value && value.trim() !== "" ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            <span className="font-mono font-semibold">{p.label}</span> <span className="opacity-80">· {p.note}</span>
          </button>
        ))}
      </div>
      <FieldAndSave label="Time scale" hint="From 0 to 1. A call's X-Svc-Time-Scale header wins." save={save}>
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
      <FieldAndSave label="Extra delay (ms)" hint="Callbacks leave this much later. 0 = on time." save={save}>
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
