"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { appUrl, send } from "./api";

type Result = { replayed: string[]; skipped: { id: string; reason: string }[]; left: number };

/** datetime-local wants local "YYYY-MM-DDTHH:mm". */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** "Resend failed…": every failed callback since a time, scheduled again now, to its own address or to another one. */
export function ReplayFailed({ appId, open, onOpen, onDone, onClose }: { appId: string; open: boolean; onOpen: () => void; onDone: () => void; onClose: () => void }) {
  const [since, setSince] = useState(() => localInput(new Date(Date.now() - 3600_000)));
  const [url, setUrl] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const replay = useFormAction(async () => {
    setResult(null);
    const at = new Date(since);
    setResult(await send<Result>("POST", appUrl(appId, "/deliveries/replay"), { since: Number.isNaN(at.getTime()) ? since : at.toISOString(), ...(url.trim() ? { url: url.trim() } : {}) }));
    onDone();
  }, ["since", "url"]);
  if (!open) {
    return <Button variant="secondary" size="sm" onClick={onOpen}>Resend failed…</Button>;
  }
  return (
    <form
      aria-label="Resend failed callbacks"
      className="w-full space-y-3 border-b border-slate-100 px-5 py-4"
      {...replay.form}
    >
      <p className="text-sm text-slate-600">Every failed callback created since this time is sent again now, under its own delivery id (at most 500 at once).</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Failed since" error={replay.fieldError("since")} className="sm:w-56">
          {(p) => <Input {...p} type="datetime-local" required value={since} onChange={(e) => setSince(e.target.value)} />}
        </Field>
        <Field label="To another address (optional)" error={replay.fieldError("url")} className="flex-1" hint="Empty: each goes to its own address.">
          {(p) => <Input {...p} type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://my-tunnel.example.com/callbacks" />}
        </Field>
      </div>
      <FormMessage error={replay.error} />
      {result && (
        <p role="status" className="text-sm text-slate-700">
          {result.replayed.length === 0 ? "No failed callbacks to resend since then." : `${result.replayed.length} callback${result.replayed.length === 1 ? "" : "s"} scheduled again.`}
          {result.skipped.length > 0 && ` ${result.skipped.length} skipped (${result.skipped[0]!.reason}${result.skipped.length > 1 ? ", …" : ""}).`}
          {result.left > 0 && ` ${result.left} more remain: resend again for the next 50 (each callback resent counts toward the app's resends a minute).`}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={replay.pending}>Resend failed</Button>
        <Button variant="secondary" onClick={onClose}>Close</Button>
      </div>
    </form>
  );
}
