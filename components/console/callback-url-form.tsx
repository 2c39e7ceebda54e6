"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { appUrl, send } from "./api";
import { useApp } from "./hooks";

export function CallbackUrlForm({ app, callbackNote }: { app: AppView; callbackNote: string }) {
  const { mutate } = useApp(app.id);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={async (e) => {
        e.preventDefault();
        const callbackUrl = new FormData(e.currentTarget).get("callbackUrl");
        setBusy(true);
        setError(null);
        setSaved(false);
        try {
          await mutate(send<AppView>("PATCH", appUrl(app.id), { callbackUrl }), { revalidate: false });
          setSaved(true);
        } catch (err) {
          setError(err instanceof Error ? err.message : "Not saved.");
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Default callback URL" className="flex-1" error={error}
        hint={saved ? <span className="font-medium text-emerald-700" role="status">Saved.</span> : `${callbackNote} Leave empty for none.`}>
        {(p) => <Input {...p} name="callbackUrl" type="url" defaultValue={app.callbackUrl ?? ""} placeholder="https://example.com/callbacks" onChange={() => setSaved(false)} />}
      </Field>
      <Button type="submit" variant="secondary" busy={busy} className="sm:mt-6">Save</Button>
    </form>
  );
}
