"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import type { AppView } from "@/lib/auth/views";
import { ConsoleError, errorText, send } from "./api";

export function CreateAppForm({ onCancel, callbackNote }: { onCancel?: () => void; callbackNote: string }) {
  const router = useRouter();
  const [error, setError] = useState<{ name?: string; callbackUrl?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="grid gap-4 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        try {
          const app = await send<AppView>("POST", "/api/console/apps", { name: form.get("name"), callbackUrl: form.get("callbackUrl") });
          await mutate("/api/console/apps");
          router.push(`/apps/${app.id}`);
        } catch (err) {
          const callbackUrl = err instanceof ConsoleError ? err.fieldMessage("callbackUrl") : undefined;
          setError(callbackUrl ? { callbackUrl: errorText(err) } : { name: errorText(err, "The app was not created.") });
          setBusy(false);
        }
      }}
    >
      <Field label="App name" error={error?.name}>
        {(p) => <Input {...p} name="name" required maxLength={64} placeholder="My shop checkout" autoFocus />}
      </Field>
      <Field label="Default callback URL (optional)" hint={`${callbackNote} You can change it later.`} error={error?.callbackUrl}>
        {(p) => <Input {...p} name="callbackUrl" type="url" placeholder="https://example.com/callbacks" />}
      </Field>
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" busy={busy}>Create app</Button>
        {onCancel && <Button variant="ghost" onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
