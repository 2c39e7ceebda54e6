"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { send } from "./api";
import { NameCount, nameTooLong } from "./app-name";

/** `teamId`: the team the app goes into (the route checks the role rule there). */
export function CreateAppForm({ teamId, onCancel, callbackNote }: { teamId?: string; onCancel?: () => void; callbackNote: string }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const tooLong = nameTooLong(name);
  const create = useFormAction(async (form: FormData) => {
    if (tooLong) throw new Error(tooLong);
    const app = await send<AppView>("POST", "/api/console/apps", { name: form.get("name"), callbackUrl: form.get("callbackUrl"), ...(teamId ? { teamId } : {}) });
    await mutate("/api/console/apps");
    router.push(`/apps/${app.id}`);
  }, ["callbackUrl"]);
  return (
    <form className="grid gap-4 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start" {...create.form}>
      {/* The name is the form's main field: failures that name no field show under it. */}
      <Field label="App name" hint={<NameCount name={name} />} error={tooLong ?? create.error}>
        {(p) => <Input {...p} name="name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="My shop checkout" autoFocus />}
      </Field>
      <Field label="Default callback URL (optional)" hint={`${callbackNote} You can change it later.`} error={create.fieldError("callbackUrl")}>
        {(p) => <Input {...p} name="callbackUrl" type="url" placeholder="https://example.com/callbacks" />}
      </Field>
      <div className="flex gap-2 sm:pt-6">
        {/* Stays busy after success while the browser goes to the new app. */}
        <Button type="submit" busy={create.pending || create.saved}>Create app</Button>
        {onCancel && <Button variant="ghost" onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
