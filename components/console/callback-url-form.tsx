"use client";
import { Button } from "@/components/ui/button";
import { Saved, useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { appUrl, send } from "./api";
import { useApp } from "./hooks";

export function CallbackUrlForm({ app, callbackNote }: { app: AppView; callbackNote: string }) {
  const { mutate } = useApp(app.id);
  const save = useFormAction((form: FormData) => mutate(send<AppView>("PATCH", appUrl(app.id), { callbackUrl: form.get("callbackUrl") }), { revalidate: false }));
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-start" {...save.form}>
      <Field label="Default callback URL" className="flex-1" error={save.error}
        hint={save.saved ? <Saved /> : `${callbackNote} Leave empty for none.`}>
        {(p) => <Input {...p} name="callbackUrl" type="url" defaultValue={app.callbackUrl ?? ""} placeholder="https://example.com/callbacks" />}
      </Field>
      <Button type="submit" variant="secondary" busy={save.pending} className="sm:mt-6">Save</Button>
    </form>
  );
}
