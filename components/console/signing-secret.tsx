"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm";
import { CopyField } from "@/components/ui/copy-button";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { LocalTime } from "@/components/ui/time";
import { appUrl, fetcher, send } from "./api";
import { Writes } from "./permission";

type View = { signingSecret: string; previousSecretExpiresAt: string | null };

/** The callback signing secret, fetched only when the user asks to see it, and its rotation. */
export function SigningSecret({ appId }: { appId: string }) {
  const [view, setView] = useState<View | null>(null);
  const reveal = useFormAction(async () => setView(await fetcher<View>(appUrl(appId, "/signing-secret"))));
  const rotate = (
    <Writes><ConfirmButton
      trigger="Rotate"
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      variant="secondary"
      onConfirm={async () => setView(await send<View>("POST", appUrl(appId, "/signing-secret"), { graceHours: 24 }))}
    >
      A new secret signs every callback from now on. For 24 hours the current one signs them too (each signature header
      carries both signatures), so your receivers keep working while you switch them to the new secret.
    </ConfirmButton></Writes>
  );
  const grace = view?.previousSecretExpiresAt && (
    <p className="w-full text-xs text-amber-700">
      The previous secret also signs until <LocalTime value={view.previousSecretExpiresAt} />.
    </p>
  );
  if (view) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <CopyField value={view.signingSecret} what="signing secret" className="min-w-0 flex-1" />
        <Button variant="ghost" size="sm" onClick={() => setView(null)}>Hide</Button>
        {rotate}
        {grace}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="flex-1 rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs tracking-widest text-slate-500">
        <span className="sr-only">Signing secret, hidden</span>
        <span aria-hidden="true">whsec_••••••••••••••••••••••••</span>
      </code>
      <Writes action="app.secret">
        <Button variant="secondary" size="sm" busy={reveal.pending} onClick={() => void reveal.run()}>Reveal</Button>
      </Writes>
      {rotate}
      <FormMessage error={reveal.error} className="w-full" />
    </div>
  );
}
