"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { appUrl, errorText, send } from "./api";
import { useApp } from "./hooks";

/** The app's name, renamed in place (the page header follows). */
export function RenameApp({ app }: { app: AppView }) {
  const router = useRouter();
  const { mutate } = useApp(app.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(app.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!editing) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="font-medium">{app.name}</span>
        <Button size="sm" variant="secondary" onClick={() => { setName(app.name); setEditing(true); }}>Rename</Button>
      </span>
    );
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await mutate(send<AppView>("PATCH", appUrl(app.id), { name }), { revalidate: false });
          setEditing(false);
          router.refresh();
        } catch (err) {
          setError(errorText(err, "Not renamed."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input aria-label="App name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} className="w-56 py-1.5" autoFocus aria-invalid={error ? true : undefined} />
      <Button type="submit" size="sm" busy={busy} aria-label="Save name">Save</Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>Cancel</Button>
      {error && <span role="alert" className="text-xs text-red-700">{error}</span>}
    </form>
  );
}
