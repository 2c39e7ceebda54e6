"use client";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton, CopyField } from "@/components/ui/copy-button";

export type CreatedPair = { consumerKey: string; consumerSecret: string };

/** The one time the secret is shown: copy it now. */
export function NewKeyPair({ pair, baseUrl, onDone }: { pair: CreatedPair; baseUrl: string; onDone: () => void }) {
  // The keyboard lands here when a pair is made (keys-panel.tsx mounts one panel per pair): the secret is read and copied from here.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const curl = `curl -u ${pair.consumerKey}:${pair.consumerSecret} -d grant_type=client_credentials ${baseUrl}/oauth/v1/token`;
  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="new-pair-title" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 border border-amber-300 bg-amber-50/60 p-5 shadow-xs">
      <h2 id="new-pair-title" className="text-base font-semibold text-slate-900">Your new key pair</h2>
      <p role="alert" className="mt-1 text-sm text-amber-900">
        <strong>Copy the secret now.</strong> This is the only time it is shown; the sandbox keeps only a hash of it. Keep it on your server, never in a browser or app.
      </p>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Consumer key</dt>
          <dd><CopyField value={pair.consumerKey} what="consumer key" /></dd>
        </div>
        <div>
          <dt className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Consumer secret</dt>
          <dd><CopyField value={pair.consumerSecret} what="consumer secret" /></dd>
        </div>
        <div>
          <dt className="mb-1 flex items-center justify-between text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Fetch a token
            <CopyButton value={curl} what="curl command" />
          </dt>
          <dd>
            <pre data-testid="curl-line" className="scheme-fixed overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-100">{curl}</pre>
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onDone}>I have saved the secret</Button>
      </div>
    </section>
  );
}
