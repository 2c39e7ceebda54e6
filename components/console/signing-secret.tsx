"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-button";
import { appUrl, fetcher } from "./api";

/** The callback signing secret, fetched only when the user asks to see it. */
export function SigningSecret({ appId }: { appId: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (secret) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <CopyField value={secret} what="signing secret" className="min-w-0 flex-1" />
        <Button variant="ghost" size="sm" onClick={() => setSecret(null)}>Hide</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="flex-1 rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs tracking-widest text-slate-500" aria-label="Signing secret, hidden">
        whsec_••••••••••••••••••••••••
      </code>
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            setSecret((await fetcher<{ signingSecret: string }>(appUrl(appId, "/signing-secret"))).signingSecret);
          } catch (e) {
            setError(e instanceof Error ? e.message : "Could not load the secret.");
          } finally {
            setBusy(false);
          }
        }}
      >
        Reveal
      </Button>
      {error && <p role="alert" className="w-full text-xs text-red-600">{error}</p>}
    </div>
  );
}
