"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { appUrl, send } from "./api";
import { HttpStatus } from "./status";

type Outcome = { url: string; status: number | null; error: string | null; durationMs: number; responseBody: string | null };

/** A trial POST of this callback to another address; the delivery itself does not change. */
export function SendTo({ appId, deliveryId }: { appId: string; deliveryId: string }) {
  const [url, setUrl] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sendTo = useFormAction(async () => {
    setOutcome(null);
    setOutcome(await send<Outcome>("POST", appUrl(appId, `/deliveries/${encodeURIComponent(deliveryId)}/send-to`), { url }));
  });
  return (
    <form className="space-y-3" {...sendTo.form}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label="Send a copy to another URL" className="flex-1" error={sendTo.error}
          hint="Same body, headers and signature, e.g. to a tunnel to your laptop. This callback's status and attempts stay as they are.">
          {(p) => <Input {...p} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://my-tunnel.example.com/callbacks" />}
        </Field>
        <Button type="submit" variant="secondary" busy={sendTo.pending} className="sm:mt-7">Send copy</Button>
      </div>
      {outcome && (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
          Sent to <code className="font-mono text-xs break-all">{outcome.url}</code>: <HttpStatus status={outcome.status} />
          {outcome.error && <span className="text-red-700">{outcome.error}</span>}
          <span className="text-slate-600">{outcome.durationMs} ms</span>
        </p>
      )}
    </form>
  );
}
