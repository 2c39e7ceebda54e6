"use client";
// The Testing tab's settings: the app's time scale and its callback faults
// (PATCH /api/console/apps/[appId]/dev-settings, the same service as the API).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { Field, Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { DevSettings } from "@/lib/catalog/devapi";
import { appUrl, ConsoleError, errorText, send } from "./api";
import { useDevSettings } from "./hooks";

const PRESETS = [
  { value: 1, label: "1", note: "as documented" },
  { value: 0.1, label: "0.1", note: "10× faster" },
  { value: 0, label: "0", note: "instant" },
];

function useSave(appId: string) {
  const { mutate } = useDevSettings(appId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const save = async (patch: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await mutate(send<DevSettings>("PATCH", appUrl(appId, "/dev-settings"), patch), { revalidate: false });
      setSaved(true);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, saved, setSaved, save };
}

const fieldError = (e: unknown, field: string) => (e instanceof ConsoleError ? (e.fieldMessage(field) ?? errorText(e)) : e ? errorText(e) : null);
const Saved = () => <span className="font-medium text-emerald-700" role="status">Saved.</span>;

function TimeScaleForm({ appId, current }: { appId: string; current: number }) {
  const [value, setValue] = useState(String(current));
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, saved, setSaved, save } = useSave(appId);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const n = value.trim() === "" ? Number.NaN : Number(value);
        setInvalid(n >= 0 && n <= 1 ? null : "Enter a number from 0 to 1, e.g. 0.1.");
        if (n >= 0 && n <= 1) void save({ timeScale: n });
      }}
    >
      <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
        {PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={Number(value) === p.value && value.trim() !== ""}
            onClick={() => { setValue(String(p.value)); setSaved(false); setInvalid(null); }}
            className={cn(
              "rounded-md border px-3 py-1.5 text-left text-sm shadow-xs transition-colors",
              Number(value) === p.value && value.trim() !== "" ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            <span className="font-mono font-semibold">{p.label}</span> <span className="opacity-80">· {p.note}</span>
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Time scale" className="sm:w-64" error={invalid ?? fieldError(error, "timeScale")}
          hint={saved ? <Saved /> : "From 0 to 1. A call's X-Svc-Time-Scale header wins."}>
          {(p) => <Input {...p} name="timeScale" inputMode="decimal" value={value} onChange={(e) => { setValue(e.target.value); setSaved(false); }} />}
        </Field>
        <Button type="submit" variant="secondary" busy={busy} className="sm:mt-6">Save</Button>
      </div>
    </form>
  );
}

function FaultsForm({ appId, current }: { appId: string; current: DevSettings["callbackFaults"] }) {
  const [duplicate, setDuplicate] = useState(current.duplicate);
  const [badSignature, setBadSignature] = useState(current.badSignature);
  const [extra, setExtra] = useState(String(current.extraDelayMs));
  const { busy, error, saved, setSaved, save } = useSave(appId);
  const box = (label: string, hint: string, checked: boolean, set: (v: boolean) => void) => (
    <label className="flex items-start gap-2.5 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" checked={checked} onChange={(e) => { set(e.target.checked); setSaved(false); }} />
      <span><span className="font-medium text-slate-800">{label}</span><span className="block text-xs text-slate-500">{hint}</span></span>
    </label>
  );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save({ callbackFaults: { duplicate, badSignature, extraDelayMs: extra.trim() === "" ? 0 : Number(extra) } });
      }}
    >
      {box("Send every callback twice", "Same delivery id: does your receiver ignore the second?", duplicate, setDuplicate)}
      {box("Sign with a wrong secret", "Does your receiver reject callbacks it cannot verify?", badSignature, setBadSignature)}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Extra delay (ms)" className="sm:w-64" error={fieldError(error, "callbackFaults.extraDelayMs")}
          hint={saved ? <Saved /> : "Callbacks leave this much later. 0 = on time."}>
          {(p) => <Input {...p} name="extraDelayMs" inputMode="numeric" value={extra} onChange={(e) => { setExtra(e.target.value); setSaved(false); }} />}
        </Field>
        <Button type="submit" variant="secondary" busy={busy} className="sm:mt-6">Save</Button>
      </div>
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
