"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { appUrl, send } from "./api";
import { NameCount, nameTooLong } from "./app-name";
import { useApp } from "./hooks";

/** The app's name, renamed in place (the page header follows). */
export function RenameApp({ app }: { app: AppView }) {
  const router = useRouter();
  const { mutate } = useApp(app.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(app.name);
  const tooLong = nameTooLong(name);
  const rename = useFormAction(async () => {
    if (tooLong) throw new Error(tooLong);
    await mutate(send<AppView>("PATCH", appUrl(app.id), { name }), { revalidate: false });
    setEditing(false);
    router.refresh();
  });
  if (!editing) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="font-medium">{app.name}</span>
        <Button size="sm" variant="secondary" onClick={() => { setName(app.name); setEditing(true); }}>Rename</Button>
      </span>
    );
  }
  return (
    <form className="flex flex-wrap items-center gap-2" {...rename.form}>
      <span className="flex w-full items-center gap-2 sm:w-auto">
        <Input aria-label="App name" value={name} onChange={(e) => setName(e.target.value)} className="min-w-0 flex-1 py-1.5 sm:w-56 sm:flex-none" autoFocus aria-invalid={tooLong || rename.error ? true : undefined} />
        <NameCount name={name} />
      </span>
      <Button type="submit" size="sm" busy={rename.pending} aria-label="Save name">Save</Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>Cancel</Button>
      <FormMessage error={tooLong ?? rename.error} />
    </form>
  );
}
